/** Mainland China mobile: optional +86 or 0086, then 1, a digit 3–9, then 9 digits. */
export const PHONE_PATTERN = /^(?:\+86|0086)?1[3-9]\d{9}$/;
