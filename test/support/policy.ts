/** A small target policy for unit tests: one shortener, one blocked extension, no probes. */
import { BLOCKLIST_SCHEMA, type Blocklist } from "../../runtime/types.js";

export const TEST_POLICY: Blocklist = {
  schema: BLOCKLIST_SCHEMA,
  probes: { prefixes: [], suffixes: [], exact: [], contains: [] },
  shorteners: ["bit.ly"],
  lure_domains: [],
  blocked_hosts: [],
  blocked_extensions: [".exe"],
};
