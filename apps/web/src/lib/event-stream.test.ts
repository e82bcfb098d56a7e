import { describe, expect, it } from 'vitest';
import { EventStreamParser, toStreamEvent, type RawStreamEvent } from './event-stream';

const encoder = new TextEncoder();

/** A run as the server writes it: Chinese text, a heartbeat between events. */
const BODY = [
  'id: 1\nevent: run\ndata: {"run_id":"r-1","conversation_id":"c-1","message_id":"m-1"}\n\n',
  ': ping\n\n',
  'id: 2\nevent: reasoning\ndata: {"text":"先想一想：用户要什么？"}\n\n',
  'id: 3\nevent: delta\ndata: {"text":"你好，世界 🌏！"}\n\n',
  ': ping\n\n',
  'id: 4\nevent: usage\ndata: {"prompt_tokens":12,"completion_tokens":7}\n\n',
  'id: 5\nevent: done\ndata: {"run_id":"r-1","status":"completed"}\n\n',
].join('');

const EXPECTED: RawStreamEvent[] = [
  { id: '1', event: 'run', data: '{"run_id":"r-1","conversation_id":"c-1","message_id":"m-1"}' },
  { id: '2', event: 'reasoning', data: '{"text":"先想一想：用户要什么？"}' },
  { id: '3', event: 'delta', data: '{"text":"你好，世界 🌏！"}' },
  { id: '4', event: 'usage', data: '{"prompt_tokens":12,"completion_tokens":7}' },
  { id: '5', event: 'done', data: '{"run_id":"r-1","status":"completed"}' },
];

function parseInPieces(bytes: Uint8Array, cuts: number[]): RawStreamEvent[] {
  const parser = new EventStreamParser();
  const events: RawStreamEvent[] = [];
  let start = 0;
  for (const cut of [...cuts, bytes.length]) {
    events.push(...parser.push(bytes.slice(start, cut)));
    start = cut;
  }
  return [...events, ...parser.end()];
}

/** A small deterministic generator, so a failing split can be reproduced. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('EventStreamParser', () => {
  it('reads a whole body in one chunk, skipping the heartbeat comments', () => {
    expect(parseInPieces(encoder.encode(BODY), [])).toEqual(EXPECTED);
  });

  it('gives the same events whatever byte boundary every chunk ends at', () => {
    const bytes = encoder.encode(BODY);
    for (let cut = 1; cut < bytes.length; cut += 1) {
      expect(parseInPieces(bytes, [cut])).toEqual(EXPECTED);
    }
  });

  it('gives the same events fed one byte at a time and in random pieces', () => {
    const bytes = encoder.encode(BODY);
    expect(
      parseInPieces(
        bytes,
        Array.from({ length: bytes.length - 1 }, (_, index) => index + 1),
      ),
    ).toEqual(EXPECTED);
    const next = random(42);
    for (let round = 0; round < 200; round += 1) {
      const cuts = Array.from({ length: 1 + Math.floor(next() * 12) }, () => Math.floor(next() * bytes.length)).sort((a, b) => a - b);
      expect(parseInPieces(bytes, cuts)).toEqual(EXPECTED);
    }
  });

  it('joins a Chinese character whose bytes are split across chunks', () => {
    const bytes = encoder.encode('id: 7\nevent: delta\ndata: {"text":"中文"}\n\n');
    const inside = bytes.indexOf(0xe4) + 1; // between the first and second byte of 中
    const events = parseInPieces(bytes, [inside, inside + 1, inside + 4]);
    expect(events).toEqual([{ id: '7', event: 'delta', data: '{"text":"中文"}' }]);
  });

  it('accepts \\r\\n and \\r line breaks, also when \\r and \\n arrive in different chunks', () => {
    const crlf = encoder.encode('id: 1\r\nevent: delta\r\ndata: {"text":"a"}\r\n\r\n');
    const afterCr = crlf.indexOf(13) + 1;
    expect(parseInPieces(crlf, [afterCr])).toEqual([{ id: '1', event: 'delta', data: '{"text":"a"}' }]);
    expect(parseInPieces(encoder.encode('id: 2\revent: delta\rdata: {"text":"b"}\r\r'), [])).toEqual([{ id: '2', event: 'delta', data: '{"text":"b"}' }]);
  });

  it('joins multi-line data with \\n, keeps the last id, and drops an unfinished event at the end', () => {
    const events = parseInPieces(encoder.encode('id: 3\nevent: x\ndata: a\ndata:b\n\nevent: y\ndata: c\n\nevent: z\ndata: half'), []);
    expect(events).toEqual([
      { id: '3', event: 'x', data: 'a\nb' },
      { id: '3', event: 'y', data: 'c' },
    ]);
  });

  it('ignores a leading byte-order mark and a comment-only body', () => {
    expect(parseInPieces(encoder.encode('\uFEFF: ping\n\n: ping\n\n'), [1])).toEqual([]);
    expect(parseInPieces(encoder.encode('\uFEFFid: 1\nevent: delta\ndata: {"text":"x"}\n\n'), [2])).toHaveLength(1);
  });
});

describe('toStreamEvent', () => {
  it('types the events of the contract and skips unknown types and broken JSON', () => {
    expect(toStreamEvent({ id: '3', event: 'delta', data: '{"text":"你好"}' })).toEqual({ id: 3, event: 'delta', data: { text: '你好' } });
    expect(toStreamEvent({ id: '4', event: 'future_kind', data: '{}' })).toBeNull();
    expect(toStreamEvent({ id: '5', event: 'delta', data: '{"text":' })).toBeNull();
    expect(toStreamEvent({ id: '6', event: 'toString', data: '{}' })).toBeNull();
  });
});
