import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { SourceLink } from "../../1-sources/links/row-schema.js";
import type { LinkPreview, LinkRecord } from "../../../../runtime/contract/index.js";
import { EMPTY_BLOCKLIST } from "../../compile.js";
import {
  checkPreview,
  PREVIEW_DESCRIPTION_SHOWN,
  PREVIEW_IMAGE_MAX_BYTES,
  PREVIEW_TITLE_SHOWN,
  previewRouteNotes,
} from "./check-preview.js";

const PNG = new Uint8Array(
  readFileSync(new URL("../../../../test/instance/custom/public/cards/docs.png", import.meta.url)),
);
/** A PNG header claiming `width` x `height`, padded to `bytes`. */
function pngOf(width: number, height: number, bytes = 64): Uint8Array {
  const out = new Uint8Array(bytes);
  out.set(PNG.subarray(0, 24));
  const view = new DataView(out.buffer);
  view.setUint32(16, width);
  view.setUint32(20, height);
  return out;
}

const FILES = new Map<string, Uint8Array>([
  ["/cards/docs.png", PNG],
  ["/cards/tiny.png", pngOf(120, 80)],
  ["/cards/huge.png", pngOf(8000, 4000)],
  ["/cards/heavy.png", pngOf(1200, 630, PREVIEW_IMAGE_MAX_BYTES + 1)],
  ["/cards/card.svg", new TextEncoder().encode("<svg/>")],
]);

const row = (preview: LinkPreview): SourceLink => ({
  slug: "card",
  target: "https://example.com/",
  preview,
  file: "custom/links/links.yaml",
  line: 3,
  fieldLines: { preview: 5 },
});
const codes = (preview: LinkPreview) =>
  checkPreview(row(preview), EMPTY_BLOCKLIST, FILES).map((d) => [d.code, d.line]);

describe("check of a link's card", () => {
  it("a card within every bound says nothing", () => {
    expect(
      codes({ title: "Handbook", description: "For the first week.", image: "/cards/docs.png" }),
    ).toEqual([]);
    expect(codes({ title: "Handbook", image: "https://images.example.com/a.png" })).toEqual([]);
  });

  it("SL540: an image that is no public path and no https URL, at the preview's line", () => {
    expect(codes({ title: "x", image: "http://images.example.com/a.png" })).toEqual([["SL540", 5]]);
    expect(codes({ title: "x", image: "cards/docs.png" })).toEqual([["SL540", 5]]);
    expect(codes({ title: "x", image: "//images.example.com/a.png" })).toEqual([["SL540", 5]]);
  });

  it("an https image goes through the target rules, and is refused with the rule's code", () => {
    expect(codes({ title: "x", image: "https://169.254.169.254/latest" })).toEqual([["SL207", 5]]);
    expect(codes({ title: "x", image: "https://user:pw@images.example.com/a.png" })).toEqual([
      ["SL202", 5],
    ]);
  });

  it("SL541: a local image that is no file under custom/public", () => {
    expect(codes({ title: "x", image: "/cards/missing.png" })).toEqual([["SL541", 5]]);
  });

  it("SL542: a local file that is no PNG, JPEG, WebP or GIF", () => {
    expect(codes({ title: "x", image: "/cards/card.svg" })).toEqual([["SL542", 5]]);
  });

  it("SL543: a local image over the platforms' bytes", () => {
    expect(codes({ title: "x", image: "/cards/heavy.png" })).toEqual([["SL543", 5]]);
  });

  it("SL544: a local image too small or too large a side", () => {
    expect(codes({ title: "x", image: "/cards/tiny.png" })).toEqual([["SL544", 5]]);
    expect(codes({ title: "x", image: "/cards/huge.png" })).toEqual([["SL544", 5]]);
  });

  it("SL545 and SL546: texts longer than the platforms show, counted in characters", () => {
    const title = "t".repeat(PREVIEW_TITLE_SHOWN);
    const description = "d".repeat(PREVIEW_DESCRIPTION_SHOWN);
    expect(codes({ title, description })).toEqual([]);
    expect(codes({ title: title + "t", description: description + "d" })).toEqual([
      ["SL545", 5],
      ["SL546", 5],
    ]);
  });
});

describe("SL547: a route for preview bots on a link with a card", () => {
  const record = (bot: ("preview" | boolean)[]): LinkRecord => ({
    kind: "exact",
    slug: "app",
    key: "app",
    target: "https://example.com/",
    status: 302,
    state: "active",
    forward_query: true,
    file: "custom/links/links.yaml",
    line: 1,
    preview: { title: "The app" },
    routes: [
      { when: { device: ["ios"] }, target: "https://example.com/ios", line: 5 },
      { when: { bot }, target: "https://example.com/card", line: 7 },
    ],
  });

  it("names the route's line", () => {
    expect(previewRouteNotes(record(["preview"])).map((d) => [d.code, d.line])).toEqual([
      ["SL547", 7],
    ]);
  });

  it("bot: true, or no card, says nothing", () => {
    expect(previewRouteNotes(record([true]))).toEqual([]);
    expect(previewRouteNotes({ ...record(["preview"]), preview: undefined })).toEqual([]);
  });
});
