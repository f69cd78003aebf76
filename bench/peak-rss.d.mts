/** Types of bench/peak-rss.mjs. */
export const PEAK_RSS_MARKER: string;
export function parsePeakRss(stderr: string): number;
