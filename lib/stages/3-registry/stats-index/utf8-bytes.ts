/** UTF-8 lengths of text, counted without encoding it. */
const NON_ASCII = /[^\u0000-\u007f]/;

/** UTF-8 length of `text`, without encoding it. */
export function utf8Bytes(text: string): number {
  let bytes = text.length;
  if (!NON_ASCII.test(text)) return bytes;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) {
      bytes += 1;
    } else if (code >= 0xd800 && code <= 0xdbff) {
      bytes += 2; // with its low surrogate: 4 bytes for 2 code units
      i++;
    } else {
      bytes += 2;
    }
  }
  return bytes;
}
