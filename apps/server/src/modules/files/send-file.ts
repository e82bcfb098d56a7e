import type { DownloadSink } from '../../core/index.js';
import type { OpenedFile } from './files.service.js';
import { zipFolder, type OpenedFolder } from './folder-zip.js';
import { DEFAULT_MIME, mayShowInline } from './mime.js';

/**
 * Sends a stored file to `sink` (a route builds it from its reply). The type comes from our record
 * (from the extension), and anything a browser could run (HTML, SVG …) is always a download. A player
 * may seek in it (byte ranges).
 */
export function sendFile(sink: DownloadSink, file: OpenedFile): Promise<void> {
  const mime = file.entry.mime ?? DEFAULT_MIME;
  return sink({
    name: file.entry.name,
    mime,
    disposition: mayShowInline(mime) ? 'inline' : 'attachment',
    size: file.entry.size,
    seekable: true,
    open: (range) => file.open(range),
  });
}

/** Sends a folder as a zip built while it streams (its size is not known before). */
export function sendFolder(sink: DownloadSink, folder: OpenedFolder): Promise<void> {
  return sink({ name: `${folder.entry.name}.zip`, mime: 'application/zip', disposition: 'attachment', size: null, seekable: false, open: async () => zipFolder(folder) });
}
