/**
 * Which registry shard holds a key: FNV-1a 32-bit over the key's UTF-8 bytes, modulo the shard
 * count. The compiler and the runtime both call this one function.
 */
const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a over the UTF-8 encoding of `text` (lone surrogates count as U+FFFD, as TextEncoder does). */
export function fnv1a32(text: string): number {
  let hash = FNV_OFFSET;
  const step = (byte: number) => {
    hash = Math.imul(hash ^ byte, FNV_PRIME);
  };
  for (let i = 0; i < text.length; i++) {
    let code = text.charCodeAt(i);
    if (code < 0x80) {
      step(code);
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
      step(0xc0 | (code >> 6));
    } else if (code < 0x10000) {
      step(0xe0 | (code >> 12));
      step(0x80 | ((code >> 6) & 0x3f));
    } else {
      step(0xf0 | (code >> 18));
      step(0x80 | ((code >> 12) & 0x3f));
      step(0x80 | ((code >> 6) & 0x3f));
    }
    step(0x80 | (code & 0x3f));
  }
  return hash >>> 0;
}

export function shardOf(key: string, shardCount: number): number {
  return fnv1a32(key) % shardCount;
}
