/**
 * Limits the compiled form keeps, so the runtime can rely on them: what the platform allows
 * (Cloudflare Workers static assets) and what keeps a request's work flat at any size.
 */

/** Longest slug, in UTF-16 code units (the compiler refuses longer; the runtime never matches one). */
export const MAX_SLUG_LENGTH = 200;

/** Cloudflare's per-file asset limit. */
export const MAX_ASSET_BYTES = 26_214_400; // 25 MiB
/** Files per version on Workers Free (Paid allows 100,000). */
export const MAX_FILES_FREE = 20_000;
/** `_headers` rules Cloudflare applies; the worker applies every compiled rule itself. */
export const MAX_HEADER_RULES = 100;

/**
 * Registry shards: about LINKS_PER_SHARD links each, so the first request for a key read by an
 * isolate costs one small shard; at most MAX_SHARDS, so the file count stays within the Free
 * plan's limit whatever the number of links.
 */
export const LINKS_PER_SHARD = 64;
export const MAX_SHARDS = 16_384;

/**
 * The registry's membership filter: bits per link and hash functions, for about 0.8% false
 * positives (a miss that still reads its shard) in 1.2 MiB at a million links.
 */
export const FILTER_BITS_PER_LINK = 10;
export const FILTER_HASHES = 7;
