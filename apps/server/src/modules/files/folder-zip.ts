import type { Readable } from 'node:stream';
import yazl from 'yazl';
import type { FileEntry } from '@agent-platform/contracts';
import type { FolderContentEntry } from './files.repo.js';

/** A folder to send as a zip: its entry, what is inside it, and how to open one file's bytes. */
export interface OpenedFolder {
  entry: FileEntry;
  contents: FolderContentEntry[];
  openBlob(storageKey: string): Promise<Readable>;
}

/**
 * A folder as a zip stream. Each file is opened only when the zip reaches it and flows through with
 * backpressure, so memory stays flat however large the folder; only the zip's directory (a few dozen
 * bytes per entry) is kept until the end. A file missing from the store ends the stream with an error:
 * the download fails visibly rather than silently lacking it.
 */
export function zipFolder(folder: OpenedFolder): Readable {
  const zip = new yazl.ZipFile();
  const output = zip.outputStream as Readable;
  zip.on('error', (error: Error) => output.destroy(error));
  for (const item of folder.contents) {
    if (item.kind === 'folder') {
      zip.addEmptyDirectory(item.path, { mtime: item.updatedAt });
    } else if (item.storageKey) {
      const key = item.storageKey;
      zip.addReadStreamLazy(item.path, { mtime: item.updatedAt }, (callback) => {
        folder.openBlob(key).then(
          (stream) => callback(null, stream),
          (error: Error) => callback(error, undefined as never),
        );
      });
    }
  }
  zip.end();
  return output;
}
