/** Files per upload request at most: the server stores and ingests each request's files as one batch. */
export const FILES_PER_REQUEST = 100;
/** Bytes per request at most (a larger file goes alone, so its own progress shows). */
export const BYTES_PER_REQUEST = 8 * 1024 * 1024;

/** The files in the order chosen, cut into requests of at most FILES_PER_REQUEST files and about BYTES_PER_REQUEST bytes. */
export function uploadGroups<T extends { size: number }>(files: T[], maxFiles = FILES_PER_REQUEST, maxBytes = BYTES_PER_REQUEST): T[][] {
  const groups: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const file of files) {
    if (current.length > 0 && (current.length >= maxFiles || bytes + file.size > maxBytes)) {
      groups.push(current);
      [current, bytes] = [[], 0];
    }
    current.push(file);
    bytes += file.size;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/** How many of a request's bytes sent belong to each of its files, in order (the multipart framing counted as the next file's). */
export function spreadLoaded(sizes: number[], loaded: number): number[] {
  let left = loaded;
  return sizes.map((size) => {
    const mine = Math.max(0, Math.min(size, left));
    left -= size;
    return mine;
  });
}
