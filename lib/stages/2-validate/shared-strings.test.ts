import { describe, expect, it } from "vitest";
import type { LinkRecord } from "../../../runtime/contract/index.js";
import { shareRepeatedStrings } from "./shared-strings.js";

const record = (i: number, owner: string, tags: string[]): LinkRecord => ({
  kind: "exact",
  slug: i % 2 === 0 ? `docs-${i}` : `Docs-${i}`,
  key: `docs-${i}`,
  target: `https://example.org/${i}`,
  status: 302,
  state: "active",
  forward_query: false,
  owner,
  tags,
  file: "custom/links/links.csv",
  line: i + 2,
});

describe("shareRepeatedStrings", () => {
  it("changes no record's value, past the number of values it remembers too", () => {
    const made = () =>
      Array.from({ length: 70_000 }, (_, i) =>
        record(i, i % 3 === 0 ? "ops" : `owner-${i}`, [`tag-${i % 5}`, `unique-${i}`]),
      );
    const records = made();
    shareRepeatedStrings(records);
    expect(records).toEqual(made());
  });
});
