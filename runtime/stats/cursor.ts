/**
 * The opaque `cursor` of the stats API: where the next call starts (a key of the index) and the
 * total the first call counted, so later calls need not count again. A cursor stays meaningful
 * across deployments (it names a key, not a position); only its total may be stale.
 */

/** Longest cursor accepted, in characters. */
export const MAX_CURSOR_LENGTH = 2_048;

export interface Cursor {
  from: string;
  total: number;
}

export function encodeCursor(cursor: Cursor): string {
  const bytes = new TextEncoder().encode(JSON.stringify([cursor.from, cursor.total]));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The cursor, or null when `text` is not one this API wrote. */
export function decodeCursor(text: string): Cursor | null {
  if (text.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const value: unknown = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [from, total] = value as unknown[];
    if (typeof from !== "string" || !Number.isSafeInteger(total) || (total as number) < 0)
      return null;
    return { from, total: total as number };
  } catch {
    // Not base64, not UTF-8 or not JSON: not a cursor of ours.
    return null;
  }
}
