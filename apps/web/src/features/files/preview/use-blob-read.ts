import { useEffect, useState } from 'react';

export type BlobRead<T> = { status: 'loading' } | { status: 'done'; value: T } | { status: 'failed' };

/**
 * Runs an async reader (decode text, parse a workbook, convert a document) over a blob, once per blob.
 * `read` should be a module-level function, so it does not change between renders.
 */
export function useBlobRead<T>(blob: Blob, read: (blob: Blob) => Promise<T>): BlobRead<T> {
  const [state, setState] = useState<{ blob: Blob; result: BlobRead<T> } | null>(null);
  useEffect(() => {
    let live = true;
    read(blob).then(
      (value) => {
        if (live) setState({ blob, result: { status: 'done', value } });
      },
      () => {
        // The libraries' reasons are English internals: the viewer shows one Chinese message instead.
        if (live) setState({ blob, result: { status: 'failed' } });
      },
    );
    return () => {
      live = false;
    };
  }, [blob, read]);
  return state?.blob === blob ? state.result : { status: 'loading' };
}
