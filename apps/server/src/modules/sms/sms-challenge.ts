import { randomInt, randomUUID } from 'node:crypto';
import type { SmsChallenge } from '@agent-platform/contracts';
import type { Db } from '../../platform/db/index.js';
import { AppError } from '../../core/index.js';
import { sha256 } from '../../platform/security/index.js';
import { insertChallenge, takeChallenge } from './sms-limits.repo.js';

const CHALLENGE_TTL_SECONDS = 300;
const WIDTH = 160;
const HEIGHT = 48;

const hashAnswer = (id: string, answer: string) => sha256(`sms-challenge:${id}:${answer}`);

/**
 * A challenge that works without any outside service: a sum of two numbers drawn as an SVG image,
 * each character turned and shifted, with crossing lines. It does not stop a determined robot with
 * OCR; it makes sending codes to many phones from one address cost real work, beside the hourly limits.
 */
export async function createChallenge(db: Db): Promise<SmsChallenge> {
  const a = randomInt(10, 50);
  const b = randomInt(1, 10);
  const id = randomUUID();
  await insertChallenge(db, { id, answerHash: hashAnswer(id, String(a + b)), expiresAt: new Date(Date.now() + CHALLENGE_TTL_SECONDS * 1000) });
  const svg = drawText(`${a} + ${b} = ?`);
  return { challenge_id: id, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, expires_in_seconds: CHALLENGE_TTL_SECONDS };
}

/** Passes once for the right answer; a missing, wrong, used or expired challenge is refused with 42801. */
export async function solveChallenge(db: Db, id: string | undefined, answer: string | undefined): Promise<void> {
  const required = new AppError('CHALLENGE_REQUIRED', '发送验证码过于频繁，请先完成人机验证');
  if (!id || !answer) throw required;
  const row = await takeChallenge(db, id);
  if (!row || row.expiresAt.getTime() < Date.now()) throw new AppError('CHALLENGE_REQUIRED', '人机验证已过期，请刷新后重试');
  if (row.answerHash !== hashAnswer(id, answer.trim())) throw new AppError('CHALLENGE_REQUIRED', '人机验证答案不正确，请重试');
}

function drawText(text: string): string {
  const step = (WIDTH - 20) / text.length;
  const glyphs = [...text]
    .map((char, i) => {
      const x = 10 + i * step + randomInt(-2, 3);
      const y = 32 + randomInt(-5, 6);
      const angle = randomInt(-25, 26);
      return `<text x="${x}" y="${y}" transform="rotate(${angle} ${x} ${y})" font-size="${randomInt(20, 27)}" font-family="monospace" fill="#333">${char}</text>`;
    })
    .join('');
  const lines = Array.from({ length: 5 }, () => {
    const [x1, y1, x2, y2] = [randomInt(0, WIDTH), randomInt(0, HEIGHT), randomInt(0, WIDTH), randomInt(0, HEIGHT)];
    return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#999" stroke-width="1"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><rect width="100%" height="100%" fill="#f5f5f5"/>${lines}${glyphs}</svg>`;
}
