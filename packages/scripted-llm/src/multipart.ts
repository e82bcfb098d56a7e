export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

/** Enough of multipart/form-data for audio uploads: each part's name, file name, type and bytes. */
export function parseMultipart(body: Buffer, contentType: string): MultipartPart[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const marker = boundary?.[1] ?? boundary?.[2];
  if (!marker) return [];
  const delimiter = Buffer.from(`--${marker}`);
  const parts: MultipartPart[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const next = body.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    // A part: CRLF, headers, CRLF CRLF, data, CRLF, then the next delimiter.
    const chunk = body.subarray(start + delimiter.length + 2, next - 2);
    const split = chunk.indexOf('\r\n\r\n');
    if (split !== -1) {
      const head = chunk.subarray(0, split).toString('utf8');
      const name = /name="([^"]*)"/i.exec(head)?.[1];
      if (name !== undefined) {
        parts.push({
          name,
          filename: /filename="([^"]*)"/i.exec(head)?.[1],
          contentType: /content-type:\s*([^\r\n]+)/i.exec(head)?.[1]?.trim(),
          data: chunk.subarray(split + 4),
        });
      }
    }
    start = next;
  }
  return parts;
}
