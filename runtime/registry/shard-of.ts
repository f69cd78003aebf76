/**
 * Which registry shard holds a key: FNV-1a 32-bit over the key's UTF-8 bytes, modulo the shard
 * count. The compiler and the runtime both call this one function.
 */
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/**
 * FNV-1a over the UTF-8 encoding of `text` (lone surrogates count as U+FFFD, as TextEncoder does),
 * continuing from `from`: the hash of `before + text` is `fnv1a32(text, fnv1a32(before))`, with no
 * joined string made.
 */
export function fnv1a32(text: string, from: number = FNV_OFFSET): number {
  let hash = from;
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    if (code < 0x80) {
      hash = Math.imul(hash ^ code, FNV_PRIME);
      continue;
    }
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const low = text.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        i++;
      } else code = 0xfffd;
    } else if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd;
    if (code < 0x800) {
      hash = Math.imul(hash ^ (0xc0 | (code >> 6)), FNV_PRIME);
    } else if (code < 0x10000) {
      hash = Math.imul(hash ^ (0xe0 | (code >> 12)), FNV_PRIME);
      hash = Math.imul(hash ^ (0x80 | ((code >> 6) & 0x3f)), FNV_PRIME);
    } else {
      hash = Math.imul(hash ^ (0xf0 | (code >> 18)), FNV_PRIME);
      hash = Math.imul(hash ^ (0x80 | ((code >> 12) & 0x3f)), FNV_PRIME);
      hash = Math.imul(hash ^ (0x80 | ((code >> 6) & 0x3f)), FNV_PRIME);
    }
    hash = Math.imul(hash ^ (0x80 | (code & 0x3f)), FNV_PRIME);
  }
  return hash >>> 0;
}

export function shardOf(key: string, shardCount: number): number {
  return fnv1a32(key) % shardCount;
}
