/**
 * The format and pixel size of a PNG, JPEG, WebP or GIF file, read from its header (no image
 * library): what `check` needs to say whether a card's image is one the platforms show.
 */
export interface ImageSize {
  format: "png" | "jpeg" | "webp" | "gif";
  width: number;
  height: number;
}

const ascii = (bytes: Uint8Array, at: number, length: number) =>
  new TextDecoder("latin1").decode(bytes.subarray(at, at + length));

/** The image's format and size; undefined when the header is none of the four or is cut short. */
export function imageSize(bytes: Uint8Array): ImageSize | undefined {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const has = (n: number) => bytes.length >= n;
  if (has(24) && ascii(bytes, 1, 3) === "PNG" && ascii(bytes, 12, 4) === "IHDR")
    return { format: "png", width: view.getUint32(16), height: view.getUint32(20) };
  if (has(10) && /^GIF8[79]a$/.test(ascii(bytes, 0, 6)))
    return { format: "gif", width: view.getUint16(6, true), height: view.getUint16(8, true) };
  if (has(30) && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 4) === "WEBP")
    return webpSize(bytes, view);
  if (has(4) && bytes[0] === 0xff && bytes[1] === 0xd8) return jpegSize(bytes, view);
  return undefined;
}

function webpSize(bytes: Uint8Array, view: DataView): ImageSize | undefined {
  const chunk = ascii(bytes, 12, 4);
  if (chunk === "VP8 ")
    return {
      format: "webp",
      width: view.getUint16(26, true) & 0x3fff,
      height: view.getUint16(28, true) & 0x3fff,
    };
  if (chunk === "VP8L") {
    const bits = view.getUint32(21, true);
    return { format: "webp", width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (chunk === "VP8X") {
    const u24 = (at: number) => bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16);
    return { format: "webp", width: u24(24) + 1, height: u24(27) + 1 };
  }
  return undefined;
}

/** The first start-of-frame marker's size (SOF0-SOF15 but DHT, JPG and DAC). */
function jpegSize(bytes: Uint8Array, view: DataView): ImageSize | undefined {
  let at = 2;
  while (at + 9 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at++;
      continue;
    }
    const length = view.getUint16(at + 2);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { format: "jpeg", height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    at += 2 + length;
  }
  return undefined;
}
