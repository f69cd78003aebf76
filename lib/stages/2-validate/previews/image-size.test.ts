import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { imageSize } from "./image-size.js";

/** Encoded by Chromium's canvas (toDataURL): a 5x4 JPEG and a 9x6 WebP (VP8X, as Chrome writes it). */
const JPEG_5X4 =
  "/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAEAAUDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCdAHrB/9k=";
const WEBP_9X6 =
  "UklGRhoCAABXRUJQVlA4WAoAAAAgAAAACAAABQAASUNDUMgBAAAAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADZWUDggLAAAAJABAJ0BKgkABgACwEwloAJ0ugADmAD+8DhD4rfUDRTf/Vof+rQ/9Wh+twAA";
/** The classic 1x1 transparent GIF. */
const GIF_1X1 = "R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

const bytes = (base64: string) => new Uint8Array(Buffer.from(base64, "base64"));
/** A RIFF/WEBP file's first bytes with one chunk: enough for the header reader. */
const webpHeader = (chunk: string, body: number[]) =>
  new Uint8Array([
    ...Buffer.from("RIFF"),
    0x40,
    0,
    0,
    0,
    ...Buffer.from("WEBP"),
    ...Buffer.from(chunk),
    0x20,
    0,
    0,
    0,
    ...body,
    ...new Array(16).fill(0),
  ]);

describe("imageSize: format and pixels from the header", () => {
  it("PNG: the IHDR width and height", () => {
    const png = readFileSync(
      new URL("../../../../test/instance/custom/public/cards/docs.png", import.meta.url),
    );
    expect(imageSize(png)).toEqual({ format: "png", width: 1200, height: 630 });
  });

  it("JPEG: the start-of-frame marker after the APP and ICC segments", () => {
    expect(imageSize(bytes(JPEG_5X4))).toEqual({ format: "jpeg", width: 5, height: 4 });
  });

  it("WebP VP8X (extended): 24-bit sizes minus one", () => {
    expect(imageSize(bytes(WEBP_9X6))).toEqual({ format: "webp", width: 9, height: 6 });
  });

  it("WebP VP8 (lossy): 14-bit sizes after the start code", () => {
    // frame tag (3 bytes), start code 9d 01 2a, width 640, height 480 (little-endian)
    const vp8 = webpHeader("VP8 ", [0, 0, 0, 0x9d, 0x01, 0x2a, 0x80, 0x02, 0xe0, 0x01]);
    expect(imageSize(vp8)).toEqual({ format: "webp", width: 640, height: 480 });
  });

  it("WebP VP8L (lossless): 14-bit sizes minus one after the signature", () => {
    // signature 0x2f, then (width-1) | (height-1) << 14: 300 x 200
    const bits = 299 | (199 << 14);
    const vp8l = webpHeader("VP8L", [
      0x2f,
      bits & 255,
      (bits >> 8) & 255,
      (bits >> 16) & 255,
      bits >>> 24,
    ]);
    expect(imageSize(vp8l)).toEqual({ format: "webp", width: 300, height: 200 });
  });

  it("GIF: the logical screen size", () => {
    expect(imageSize(bytes(GIF_1X1))).toEqual({ format: "gif", width: 1, height: 1 });
  });

  it.each([
    ["an SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ["a PNG cut short", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a])],
    ["a JPEG without a frame", Buffer.from([0xff, 0xd8, 0xff, 0xd9, 0, 0, 0, 0, 0, 0])],
    ["nothing", Buffer.alloc(0)],
  ])("%s is none of the four", (_name, data) => {
    expect(imageSize(new Uint8Array(data))).toBeUndefined();
  });
});
