import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LinkRecord } from "../../../runtime/contract/index.js";
import { findConflicts } from "./conflicts.js";

/** The splat covering each kept link as defined: the longest splat key among its prefixes. */
function coversByDefinition(links: LinkRecord[], strict: boolean): string[] {
  const out: string[] = [];
  const splats = links.filter((l) => l.kind === "splat");
  for (const link of links) {
    const segments = link.key === "" ? [] : link.key.split("/");
    const itself = link.kind === "exact" && !(strict && !link.key.endsWith("/"));
    for (let n = itself ? segments.length : segments.length - 1; n >= 0; n--) {
      const prefix = segments.slice(0, n).join("/");
      const cover = splats.find((s) => s.key === prefix && s.domain === link.domain);
      if (!cover || cover === link) continue;
      out.push(`${link.line}<${cover.line}`);
      break;
    }
  }
  return out;
}

const key = fc
  .array(fc.constantFrom("a", "b", "ab", ""), { maxLength: 3 })
  .map((segments) => segments.join("/"));
const links = fc
  .uniqueArray(
    fc.record({
      kind: fc.constantFrom<LinkRecord["kind"]>("exact", "splat"),
      key,
      domain: fc.constantFrom(undefined, "b.example"),
    }),
    { selector: (l) => `${l.kind} ${l.domain} ${l.key}`, maxLength: 10 },
  )
  .map((list) =>
    list.map((l, i): LinkRecord => ({
      ...l,
      ...(l.domain === undefined ? { domain: undefined } : {}),
      slug: l.key,
      target: "https://example.org/",
      status: 302,
      state: "active",
      forward_query: true,
      file: "f.csv",
      line: i + 1,
    })),
  );

describe("a link under a splat is found wherever the splat sits", () => {
  it("SL307 and SL308 name the longest covering splat of every link, as defined", () => {
    let covered = 0;
    fc.assert(
      fc.property(links, fc.boolean(), (list, strict) => {
        const found = findConflicts(list, false, strict).diagnostics.map((d) => {
          const cover = /at f\.csv:(\d+)/.exec(d.message)?.[1];
          return `${d.line}<${cover}`;
        });
        const expected = coversByDefinition(list, strict);
        covered += expected.length;
        expect(found).toEqual(expected);
      }),
      { numRuns: 3000 },
    );
    expect(covered).toBeGreaterThan(1000);
  });
});
