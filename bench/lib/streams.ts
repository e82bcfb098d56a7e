import { readSse } from '../../apps/server/test/sse.js';

export interface StreamTiming {
  /** Milliseconds from sending the request to the first piece of answer text. */
  ttftMs: number;
  /** Milliseconds from sending the request to the end of the stream. */
  totalMs: number;
  chars: number;
  ok: boolean;
}

/** One streamed chat completion straight from an OpenAI-compatible server. */
export async function directStream(baseUrl: string, model: string, question: string): Promise<StreamTiming> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model, stream: true, messages: [{ role: 'user', content: question }] }),
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let ttftMs = -1;
  let chars = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const line = buffer.slice(0, end).replace(/^data: /, '');
      buffer = buffer.slice(end + 2);
      if (line === '[DONE]') continue;
      const text: string | undefined = JSON.parse(line).choices?.[0]?.delta?.content;
      if (text) {
        if (ttftMs < 0) ttftMs = performance.now() - started;
        chars += text.length;
      }
    }
  }
  return { ttftMs, totalMs: performance.now() - started, chars, ok: response.ok && ttftMs >= 0 };
}

/** One playground chat through the platform: `POST /api/llm/chat`, read to `done`. */
export async function platformStream(serverUrl: string, token: string, llmName: string, question: string): Promise<StreamTiming> {
  const started = performance.now();
  const response = await fetch(`${serverUrl}/api/llm/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'access-token': token },
    body: JSON.stringify({ llm_name: llmName, query: question }),
  });
  let ttftMs = -1;
  let chars = 0;
  let status = '';
  for await (const event of readSse(response)) {
    if (event.event === 'delta') {
      if (ttftMs < 0) ttftMs = performance.now() - started;
      chars += event.data.text.length;
    }
    if (event.event === 'done') status = event.data.status;
  }
  return { ttftMs, totalMs: performance.now() - started, chars, ok: status === 'completed' };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
