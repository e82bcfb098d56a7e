/** Zod-free values of the usage summary, shared by server and web. */

/** The longest period one summary covers (a leap year). */
export const SUMMARY_MAX_DAYS = 366;

const DAY_MS = 86_400_000;

/** Days between two `YYYY-MM-DD` dates, both counted. */
export const daysInPeriod = (start: string, end: string) => Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1;
