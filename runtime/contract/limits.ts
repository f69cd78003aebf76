/**
 * Limits the compiled form keeps, so the runtime can rely on them: what the platform allows
 * (Cloudflare Workers static assets) and what keeps a request's work flat at any size.
 */

/** Longest slug, in UTF-16 code units (the compiler refuses longer; the runtime never matches one). */
export const MAX_SLUG_LENGTH = 200;

/**
 * Most UTF-8 bytes a QR code holds at error correction level M (version 40, byte mode). A short
 * URL past it gets no QR code on the lookup result, and `shortlinks qr` refuses it (SL810).
 */
export const QR_MAX_BYTES = 2_331;

/**
 * Longest text the lookup box takes (its `maxlength`), in UTF-16 code units: what a lookup
 * resolves and what `?slug=` fills in.
 */
export const LOOKUP_INPUT_MAX = 1_024;

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

/**
 * The stats API (docs/stats.md): a call reads the stats index and at most two of its pages, so
 * a call reads at most STATS_INDEX_MAX_BYTES + 2 × STATS_PAGE_MAX_BYTES (256 KiB) whatever the
 * number of links. The compiler cuts a page before it passes its budget and warns (SL351) when the
 * index would pass its own.
 */
export const STATS_PAGE_MAX_BYTES = 96 * 1024;
export const STATS_INDEX_MAX_BYTES = 64 * 1024;
/** Private-file reads of one stats API call, at most: the index and two pages. */
export const STATS_MAX_READS = 3;
/** Links per call of the stats API: by default and at most. */
export const STATS_DEFAULT_LIMIT = 200;
export const STATS_MAX_LIMIT = 500;
/** Facet listings read out of `all` rather than copied (those holding more than half the links). */
export const STATS_DENSE_MAX = 4;
/** Every this many page separators, the index writes one whole (runtime/stats/separators.ts). */
export const STATS_SEPARATOR_RESTART = 16;
/** Owners and tags the index names with their counts (the most used first). */
export const STATS_TOP_VALUES = 100;

/**
 * What the stats index shows of a link's free text, in UTF-16 code units (longer text is cut, with
 * an SL350 warning), so that a record stays a small fraction of a page. Owners and tags are cut
 * the same way where the API compares them, so a filter by the full value still matches.
 */
export const STATS_TEXT_MAX = 1_000;
export const STATS_NAME_MAX = 100;
export const STATS_TAGS_MAX = 32;
/** Route destinations the stats index lists per link (a link may have 32 routes of 16 variants). */
export const STATS_ROUTES_MAX = 32;

/**
 * The tests page: expectations of custom/tests.yaml in pages of at most TESTS_PAGE_MAX_BYTES; one
 * call evaluates at most TESTS_MAX_LIMIT of them (each reads the shards its path needs).
 */
export const TESTS_PAGE_MAX_BYTES = 64 * 1024;
export const TESTS_DEFAULT_LIMIT = 10;
export const TESTS_MAX_LIMIT = 10;

/**
 * Routes (docs/routes.md): at most MAX_ROUTES per link and MAX_SPLIT_VARIANTS per split, so a
 * request's work for a link stays small and bounded (docs/performance.md, "Routes").
 */
export const MAX_ROUTES = 32;
export const MAX_SPLIT_VARIANTS = 16;
