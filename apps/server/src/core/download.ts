import type { Readable } from 'node:stream';

/** What to send as a download, described without HTTP: the module that owns the bytes builds it. */
export interface Download {
  /** The name the browser saves it under. */
  name: string;
  /** The content type: decided by the sender from its own records, never the client's. */
  mime: string;
  /** `inline`: the browser may show it; anything it could run (HTML, SVG …) must be an `attachment`. */
  disposition: 'inline' | 'attachment';
  /** In bytes; `null` when not known before sending (a zip built on the fly). */
  size: number | null;
  /** Whether a player may ask for parts (`Range`); needs a known size. */
  seekable: boolean;
  /** The bytes, or only those from `start` to `end` (inclusive). */
  open(range?: { start: number; end: number }): Promise<Readable>;
}

/** Where a download goes: a route builds it from its reply (`downloadSink` of platform/http). */
export type DownloadSink = (download: Download) => Promise<void>;
