import { useCallback } from 'react';

/**
 * A ref for an <img>, <audio> or <video> that shows a blob: its object URL is made when the element
 * mounts (or the blob changes) and revoked when it goes, so no URL outlives what uses it.
 */
export function useObjectUrlRef(blob: Blob) {
  return useCallback(
    (element: HTMLImageElement | HTMLMediaElement | null) => {
      if (!element) return undefined;
      const url = URL.createObjectURL(blob);
      element.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [blob],
  );
}
