/** Small runtime inputs for unit tests. */
import { BLOCKLIST_SCHEMA, type Blocklist, type LinkRecord } from "../../runtime/contract/index.js";

/** A target policy: one shortener, one blocked extension, no probes. */
export const TEST_POLICY: Blocklist = {
  schema: BLOCKLIST_SCHEMA,
  probes: { prefixes: [], suffixes: [], exact: [], contains: [] },
  shorteners: ["bit.ly"],
  lure_domains: [],
  blocked_hosts: [],
  blocked_extensions: [".exe"],
};

/** An active exact link `x` to https://example.com/, with `extra` on top. */
export function testLink(extra: Partial<LinkRecord> = {}): LinkRecord {
  return {
    kind: "exact",
    slug: "x",
    key: "x",
    target: "https://example.com/",
    status: 302,
    state: "active",
    forward_query: false,
    file: "custom/links/a.yaml",
    line: 1,
    ...extra,
  };
}
