/** Saves a Blob the way a browser download does. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; give the browser a moment before letting go of it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
