import { describe, expect, it } from "vitest";
import { MAX_ASSET_BYTES } from "../../../runtime/contract/index.js";
import { earlyOutput } from "./early-output.js";

describe("earlyOutput's stats pages", () => {
  it("hands each page to the writer under its path, with its text made only when asked", () => {
    const asked: string[] = [];
    const written: [string, string][] = [];
    const out = earlyOutput((path, text) => {
      if (path.endsWith("/1.json")) written.push([path, text()]);
      else asked.push(path);
    });
    const sink = out.statsPages("/go.example.com");
    let made = 0;
    const page = (n: number) => () => `page ${n} (made ${++made})\n`;
    sink(0, 12, page(0));
    sink(1, 12, page(1));
    expect(out.files).toBe(2);
    expect(asked).toEqual(["assets/go.example.com/links-stats/0.json"]);
    expect(written).toEqual([["assets/go.example.com/links-stats/1.json", "page 1 (made 1)\n"]]);
    expect(made).toBe(1);
    expect(out.tooLarge).toEqual([]);
  });

  it("SL505: a page over the per-file limit is reported from its size, at its path", () => {
    const out = earlyOutput(() => undefined);
    const sink = out.statsPages("");
    sink(0, MAX_ASSET_BYTES, () => "");
    sink(7, MAX_ASSET_BYTES + 1, () => "");
    expect(out.tooLarge.map((d) => [d.code, d.message])).toEqual([
      [
        "SL505",
        `assets/links-stats/7.json would be ${MAX_ASSET_BYTES + 1} bytes; Cloudflare serves at most ${MAX_ASSET_BYTES} bytes per file`,
      ],
    ]);
  });
});
