/**
 * Start-up warm-up of the stats API, as runtime/warm-up.ts does for redirects: every kind of
 * call once over a tiny index held in memory, while the worker module is evaluated, so the first
 * real call of an isolate does not pay for compiling these functions. Nothing is read (start-up
 * may do no I/O) and nothing is shared with real calls (their files are their own).
 */
import {
  STATS_INDEX_SCHEMA,
  STATS_PAGE_SCHEMA,
  type StatsIndex,
  type StatsPage,
  type StatsRow,
} from "../contract/index.js";
import { eventsAnswer, linksAnswer, summaryAnswer, type ApiAnswer } from "./stats-api.js";
import { OperatorFiles } from "./store.js";

const SCHEDULE = { label: "warm-up", start: "2000-01-01T00:00:00Z", end: "2100-01-01T00:00:00Z" };
const LINK: StatsRow = [
  "warm-up",
  0,
  "https://example.com/warm-up",
  302,
  0,
  0,
  1,
  SCHEDULE,
  "ops",
  ["a"],
];
const PAUSED: StatsRow = ["warm-up-paused", 0, "https://example.com/warm-up-paused", 302, 1, 0, 3];
const SPLAT: StatsRow = ["warm-up/*", 1, "https://example.com/warm-up", 302, 0, 0, 2];

/** What the compiler writes for these three links (pinned by warm-up.test.ts). */
export const WARM_UP_PAGE: StatsPage = {
  schema: STATS_PAGE_SCHEMA,
  files: ["warm-up.yaml"],
  groups: [
    ["all", 0],
    ["ends", 3],
    ["kind:splat", 4],
    ["owner:ops", 5],
    ["starts", 6],
    ["state:paused", 7],
    ["tag:a", 8],
  ],
  rows: [LINK, PAUSED, SPLAT, LINK, SPLAT, LINK, LINK, PAUSED, LINK],
  spans: { anchor: "", counts: [] },
};

export const WARM_UP_INDEX: StatsIndex = {
  schema: STATS_INDEX_SCHEMA,
  case_sensitive: false,
  links: 3,
  states: { active: 2, paused: 1, retired: 0, disabled: 0, draft: 0 },
  kinds: { exact: 2, splat: 1 },
  owners: { count: 1, top: [["ops", 1]] },
  tags: { count: 1, top: [["a", 1]] },
  dense: ["kind:exact", "state:active"],
  pages: { first: [[0, ""]], starts: [0], empty: [[], []] },
  events: { starts: [6, 7], ends: [3, 4] },
};

const CALLS: [typeof linksAnswer, string][] = [
  [linksAnswer, ""],
  [linksAnswer, "prefix=Warm&limit=1"],
  [linksAnswer, "state=active&limit=1"],
  [linksAnswer, "owner=ops"],
  [linksAnswer, "limit=0"],
  [eventsAnswer, "type=start&from=1999-01-01T00:00:00Z"],
  [eventsAnswer, "type=end&limit=1"],
  [summaryAnswer, ""],
];

/** Runs every call, then each first answer's next slice; resolves to the number of answers. */
export async function warmUpStats(): Promise<number> {
  try {
    const files = OperatorFiles.preloaded(WARM_UP_INDEX, [WARM_UP_PAGE]);
    const now = new Date(0);
    let answers = 0;
    for (const [call, query] of CALLS) {
      const answer: ApiAnswer = await call(files, new URLSearchParams(query), now);
      JSON.stringify(answer.body);
      answers++;
      const next = answer.status === 200 && (answer.body as { next?: string | null }).next;
      if (!next) continue;
      const search = new URLSearchParams(query);
      search.set("cursor", next);
      await call(files, search, now);
      answers++;
    }
    return answers;
  } catch {
    // A warm-up that fails leaves the first real call to compile; it never stops start-up.
    return 0;
  }
}
