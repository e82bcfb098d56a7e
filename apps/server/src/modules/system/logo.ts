import { LOGO_MAX_BYTES } from '@agent-platform/contracts';
import { badInput } from '../../core/index.js';
import { sanitiseSvg } from './svg-sanitiser.js';

const DATA_URL = /^data:(image\/(?:png|jpeg|svg\+xml));base64,([a-z0-9+/=\s]*)$/i;
const SIGNATURES: Record<string, number[]> = { 'image/png': [0x89, 0x50, 0x4e, 0x47], 'image/jpeg': [0xff, 0xd8, 0xff] };
const TYPE_NAMES: Record<string, string> = { 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/svg+xml': 'SVG' };

/**
 * The logo as it is stored: a data URL of a PNG, JPEG or sanitised SVG of at most 512 KB, so
 * `/system/property/list/ui` serves it to anyone without a second request. No value is no logo
 * (the built-in one is shown). Anything else is refused with 40001.
 */
export function normaliseLogo(value: string | null | undefined): string | null | undefined {
  if (value === null || value === undefined || value.trim() === '') return value;
  const match = DATA_URL.exec(value.trim());
  if (!match) throw badInput('Logo 必须是 PNG、JPEG 或 SVG 图片');
  const type = match[1]!.toLowerCase();
  const bytes = Buffer.from(match[2]!, 'base64');
  if (bytes.length === 0) throw badInput('Logo 图片是空的');
  if (bytes.length > LOGO_MAX_BYTES) throw badInput(`Logo 不能超过 ${LOGO_MAX_BYTES / 1024} KB`);
  const signature = SIGNATURES[type];
  if (signature) {
    if (!signature.every((byte, index) => bytes[index] === byte)) throw badInput(`Logo 的内容不是 ${TYPE_NAMES[type]} 图片`);
    return `data:${type};base64,${bytes.toString('base64')}`;
  }
  const svg = sanitiseSvg(bytes.toString('utf8'));
  if (!svg) throw badInput('Logo 不是有效的 SVG 图片');
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
