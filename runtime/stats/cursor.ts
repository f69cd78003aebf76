/**
 * The opaque `cursor` of the stats API (docs/stats.md, "Cursors"): the query it was made for,
 * where the next call starts (a key of the index) and the total the first call counted, so later
 * calls need not count again. It is signed (HMAC-SHA-256) with a key drawn from the private
 * index, which no client can read: a cursor this API did not write, or wrote for another build
 * of the links, is refused, and the caller compares the query it names with its own.
 */

/** Longest cursor accepted, in characters. */
export const MAX_CURSOR_LENGTH = 2_048;
/** Bytes of the signature a cursor carries (128 bits). */
const TAG_BYTES = 16;
const SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{22}$/;

export interface Cursor {
  /** The query it was made for: the API, the listing and the prefix or time. */
  query: string[];
  from: string;
  total: number;
}

/** The platform's CryptoKey (spelled so that Node's types and the Workers' types both know it). */
export type CursorKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

const utf8 = (text: string) => new TextEncoder().encode(text);

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** The signing key of one build's index: HMAC over a digest of the index itself. */
export async function cursorKey(index: unknown): Promise<CursorKey> {
  const digest = await crypto.subtle.digest(
    "SHA-256",
    utf8(`shortlinks stats cursor\n${JSON.stringify(index)}`),
  );
  return crypto.subtle.importKey("raw", digest, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
}

async function tagOf(payload: string, key: CursorKey): Promise<Uint8Array> {
  const mac = await crypto.subtle.sign("HMAC", key, utf8(payload));
  return new Uint8Array(mac).slice(0, TAG_BYTES);
}

export async function encodeCursor(cursor: Cursor, key: CursorKey): Promise<string> {
  const payload = base64url(utf8(JSON.stringify([cursor.query, cursor.from, cursor.total])));
  return `${payload}.${base64url(await tagOf(payload, key))}`;
}

/** The cursor, or null when `text` is not one this API wrote with `key`. */
export async function decodeCursor(text: string, key: CursorKey): Promise<Cursor | null> {
  if (text.length > MAX_CURSOR_LENGTH || !SHAPE.test(text)) return null;
  const [payload, tag] = text.split(".");
  try {
    const expected = await tagOf(payload, key);
    const given = fromBase64url(tag);
    let differs = given.length ^ TAG_BYTES;
    for (let i = 0; i < TAG_BYTES; i++) differs |= expected[i] ^ (given[i] ?? 0);
    if (differs !== 0) return null;
    const value: unknown = JSON.parse(
      new TextDecoder("utf-8", { fatal: true }).decode(fromBase64url(payload)),
    );
    if (!Array.isArray(value) || value.length !== 3) return null;
    const [query, from, total] = value as unknown[];
    if (!Array.isArray(query) || !query.every((part) => typeof part === "string")) return null;
    if (typeof from !== "string" || !Number.isSafeInteger(total) || (total as number) < 0)
      return null;
    return { query: query as string[], from, total: total as number };
  } catch {
    // Not base64, not UTF-8 or not JSON: not a cursor of ours.
    return null;
  }
}

/** Whether a cursor was made for `query`. */
export const sameQuery = (cursor: Cursor, query: readonly string[]): boolean =>
  cursor.query.length === query.length && cursor.query.every((part, i) => part === query[i]);
