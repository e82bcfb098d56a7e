import type { Readable } from 'node:stream';

/**
 * An upload as services see it: the parts of a multipart body in the order they arrive, with no HTTP
 * in them (the route adapts its request, `platform/http/multipart.ts`). A file's `content` must be read
 * to its end, or skipped with `resume()`, before the next part can arrive.
 */
export type UploadPart =
  | { kind: 'field'; name: string; value: string }
  | {
      kind: 'file';
      /** The form field that carries it (`file`, `files`). */
      field: string;
      /** As the browser sent it; may hold a path or characters a name may not. */
      fileName: string | undefined;
      /** `truncated` is set once the body went past the size limit and the rest was cut off. */
      content: Readable & { truncated?: boolean };
    };

export type UploadParts = AsyncIterable<UploadPart>;
