/**
 * The `data:` payloads of a server-sent-event body, one string per event (multi-line data joined by
 * newlines). Comments, `event:` and `id:` lines are skipped: OpenAI-compatible streams carry all in data.
 */
export async function* sseData(body: AsyncIterable<Uint8Array>): AsyncGenerator<string, void, undefined> {
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let newline = buffer.indexOf('\n');
    while (newline !== -1) {
      const line = buffer.charCodeAt(newline - 1) === 13 ? buffer.slice(0, newline - 1) : buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      if (line === '') {
        if (data.length > 0) yield data.join('\n');
        data = [];
      } else if (line.startsWith('data:')) {
        data.push(line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5));
      }
      newline = buffer.indexOf('\n');
    }
  }
  buffer += decoder.decode();
  if (buffer.startsWith('data:')) data.push(buffer.slice(5).trimStart());
  if (data.length > 0) yield data.join('\n');
}
