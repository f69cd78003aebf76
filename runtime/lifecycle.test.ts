import { describe, expect, it } from "vitest";
import { effectiveState, retryAfterSeconds, STATE_OUTCOMES } from "./lifecycle.js";
import type { LinkRecord, LinkState, Schedule } from "./contract/index.js";

const NOW = new Date("2026-06-15T12:00:00Z");
const link = (
  state: LinkState,
  schedule?: Schedule,
  kind: "exact" | "splat" = "exact",
): LinkRecord => ({
  kind,
  slug: "x",
  key: "x",
  target: "https://example.com/",
  status: 302,
  state,
  forward_query: true,
  file: "custom/links/links.yaml",
  line: 1,
  ...(schedule ? { schedule } : {}),
});
const past = "2026-01-01T00:00:00Z";
const future = "2027-01-01T00:00:00Z";

describe("lifecycle table (docs/runtime.md)", () => {
  it.each([
    ["active without schedule redirects", link("active"), "active", "redirect", undefined],
    [
      "active inside the window redirects",
      link("active", { label: "w", start: past, end: future }),
      "active",
      "redirect",
      undefined,
    ],
    [
      "active before start is scheduled: page 404",
      link("active", { label: "w", start: future }),
      "scheduled",
      "page",
      404,
    ],
    [
      "active after end is expired: page 410",
      link("active", { label: "w", end: past }),
      "expired",
      "page",
      410,
    ],
    [
      "active at exactly the end is expired",
      link("active", { label: "w", end: NOW.toISOString() }),
      "expired",
      "page",
      410,
    ],
    [
      "active at exactly the start is active",
      link("active", { label: "w", start: NOW.toISOString() }),
      "active",
      "redirect",
      undefined,
    ],
    ["paused is a 503 page", link("paused"), "paused", "page", 503],
    [
      "paused ignores an open window",
      link("paused", { label: "w", start: past, end: future }),
      "paused",
      "page",
      503,
    ],
    ["retired is a 410 page", link("retired"), "retired", "page", 410],
    ["disabled is hidden like a miss", link("disabled"), "disabled", "hidden", undefined],
    ["draft is hidden like a miss", link("draft"), "draft", "hidden", undefined],
    [
      "splat links ignore schedules",
      link("active", { label: "w", start: future }, "splat"),
      "active",
      "redirect",
      undefined,
    ],
  ] as const)("%s", (_name, l, state, kind, status) => {
    const effective = effectiveState(l, NOW);
    expect(effective).toBe(state);
    const outcome = STATE_OUTCOMES[effective];
    expect(outcome.kind).toBe(kind);
    if (outcome.kind === "page") expect(outcome.status).toBe(status);
  });

  it("paused with a known end gives Retry-After in seconds", () => {
    const end = new Date(NOW.getTime() + 90_500).toISOString();
    expect(retryAfterSeconds(link("paused", { label: "m", end }), NOW)).toBe(91);
  });

  it.each([
    ["no end", link("paused")],
    ["an end in the past", link("paused", { label: "m", end: past })],
    ["a state other than paused", link("retired", { label: "m", end: future })],
  ])("no Retry-After with %s", (_name, l) => {
    expect(retryAfterSeconds(l, NOW)).toBeUndefined();
  });
});
