/**
 * A side of a comparison that stands on the other side's index for the records both hold answers
 * every lookup as the side indexed on its own does (docs/cache.md, "Within one run").
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Blocklist, LinkRecord, SiteConfig } from "../../runtime/contract/index.js";
import { tablesInstance, type InstanceTables } from "./memory-instance.js";
import { conflictsOfSide } from "../stages/2-validate/conflicts-beside.js";

const tables = (links: LinkRecord[]): InstanceTables => ({
  links,
  blocklist: {} as Blocklist,
  siteConfig: { static_paths: [] } as unknown as SiteConfig,
});

const record = (kind: LinkRecord["kind"], key: string, target: string): LinkRecord => ({
  kind,
  slug: kind === "splat" ? `${key}/*` : key,
  key,
  target,
  status: 302,
  state: "active",
  forward_query: true,
  file: "custom/links/a.yaml",
  line: 2,
  ...(key.length % 2 === 0 ? { schedule: { label: "launch", start: "2030-01-01T00:00:00Z" } } : {}),
});

const KEY = fc.stringMatching(/^([a-c]{1,2}(\/[a-c]{1,2}){0,2})?$/);

describe("an instance of tables beside the other side's", () => {
  it("finds every exact and splat link, and the splat depths, as one indexed on its own (told its own records or not)", () => {
    const entry = fc.record({
      kind: fc.constantFrom<LinkRecord["kind"]>("exact", "splat"),
      key: KEY,
      fate: fc.constantFrom("shared", "shared", "base", "head", "both"),
    });
    const entries = fc.uniqueArray(entry, { selector: (e) => `${e.kind} ${e.key}`, maxLength: 30 });
    fc.assert(
      fc.property(
        entries,
        fc.array(KEY, { maxLength: 10 }),
        fc.boolean(),
        (list, probes, allLive) => {
          const base: LinkRecord[] = [];
          const head: LinkRecord[] = [];
          const shared = new Set<LinkRecord>();
          for (const { kind, key, fate } of list) {
            const link = record(kind, key, `https://a.example/${key}`);
            if (fate === "shared") shared.add(link);
            if (fate !== "head") base.push(link);
            if (fate === "shared" || fate === "head") head.push(link);
            if (fate === "both") head.push(record(kind, key, `https://b.example/${key}`));
          }
          // The plain definition: the link of each kind and key the side holds.
          const plain = (kind: LinkRecord["kind"]) =>
            new Map(base.filter((l) => l.kind === kind).map((l) => [l.key, l]));
          const [exacts, splats] = [plain("exact"), plain("splat")];
          const other = tablesInstance(tables(head), { allLive });
          const beside = tablesInstance(tables(base), {
            allLive,
            beside: { instance: other, shared },
          });
          // The same, told this side's records the other does not hold.
          const told = tablesInstance(tables(base), {
            allLive,
            beside: { instance: other, shared, own: base.filter((l) => !shared.has(l)) },
          });
          const alone = tablesInstance(tables(base), { allLive });
          expect(beside.links.splatDepths).toEqual(alone.links.splatDepths);
          expect(told.links.splatDepths).toEqual(alone.links.splatDepths);
          const keys = [...probes, ...base.map((l) => l.key), ...head.map((l) => l.key)];
          // Enough lookups that each instance answers some by scanning, the rest from its index.
          for (const key of [...keys, ...keys, ...keys])
            for (const side of [beside, told, alone]) {
              const [exact, splat] = [side.links.exact(key), side.links.splat(key)] as (
                LinkRecord | undefined
              )[];
              for (const [found, expected] of [
                [exact, exacts.get(key)],
                [splat, splats.get(key)],
              ]) {
                if (!allLive || !expected?.schedule) expect(found).toBe(expected);
                else expect(found).toEqual({ ...expected, schedule: undefined });
              }
            }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("an instance of tables a review's first side compiled", () => {
  it("answers from the first side's conflict index as one indexed on its own, and only for its own list", () => {
    const entry = fc.record({
      kind: fc.constantFrom<LinkRecord["kind"]>("exact", "splat", "placeholder"),
      key: KEY,
      target: fc.constantFrom("https://a.example/", "https://b.example/"),
    });
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 30 }),
        fc.array(KEY, { maxLength: 10 }),
        fc.boolean(),
        fc.boolean(),
        (list, probes, cased, allLive) => {
          const records = list.map(({ kind, key, target }) => record(kind, key, target));
          const found = conflictsOfSide(records, cased, false, { last: false });
          expect(found.lookup?.links).toBe(found.links);
          const indexed = tablesInstance(
            { ...tables(found.links), lookup: found.lookup },
            { allLive },
          );
          const alone = tablesInstance(tables(found.links), { allLive });
          // A lookup made for another list (a side emptied, a host's share) is not used.
          const other = tablesInstance({ ...tables([]), lookup: found.lookup }, { allLive });
          for (const key of [...probes, ...records.map((l) => l.key)]) {
            // A link in its schedule window is a fresh copy at every look-up when allLive.
            const same = allLive ? "toStrictEqual" : "toBe";
            expect(indexed.links.exact(key))[same](alone.links.exact(key));
            expect(indexed.links.splat(key))[same](alone.links.splat(key));
            expect(other.links.exact(key)).toBeUndefined();
            expect(other.links.splat(key)).toBeUndefined();
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
