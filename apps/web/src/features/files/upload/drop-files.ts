import { pickedFromInput, type PickedFile } from './upload-queue';

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

function readBatch(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  return new Promise((resolve, reject) => reader.readEntries(resolve, reject));
}

/** Every file under a dropped entry, with its path relative to the drop (`资料/图片/a.png`). */
async function collect(entry: FileSystemEntry, folder: string, out: PickedFile[]): Promise<void> {
  if (entry.isFile) {
    const file = await fileOf(entry as FileSystemFileEntry);
    out.push({ file, relativePath: folder ? `${folder}/${file.name}` : '' });
    return;
  }
  if (!entry.isDirectory) return;
  const inside = folder ? `${folder}/${entry.name}` : entry.name;
  const reader = (entry as FileSystemDirectoryEntry).createReader();
  // readEntries answers in batches (about 100 at a time in Chromium) until an empty one.
  for (let batch = await readBatch(reader); batch.length > 0; batch = await readBatch(reader)) {
    for (const child of batch) await collect(child, inside, out);
  }
}

/**
 * The files of a drop, folders included. The entries must be taken while the drop event runs (the
 * DataTransfer is emptied after it), so this reads them at once and walks them afterwards.
 */
export function filesFromDrop(data: DataTransfer): Promise<PickedFile[]> {
  const entries = [...data.items].flatMap((item) => {
    const entry = item.kind === 'file' ? item.webkitGetAsEntry?.() : null;
    return entry ? [entry] : [];
  });
  if (entries.length === 0) return Promise.resolve(pickedFromInput([...data.files]));
  return (async () => {
    const out: PickedFile[] = [];
    for (const entry of entries) await collect(entry, '', out);
    return out;
  })();
}
