/** Words as typed: one per line (commas, 、, semicolons and spaces also separate them), empty ones dropped. */
export const wordsOf = (text: string) => text.split(/[\n,，、;；\s]+/).filter((word) => word !== '');
