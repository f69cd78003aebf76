// explain on links with routes: route by route, the condition that decided, in text and JSON.
import { beforeAll, describe, expect, it } from "vitest";
import { CASE_INSTANCE } from "../../../test/support/build-instance.js";
import { UA } from "../../../test/cases/requests-routes.js";
import { createExplainer, formatExplanation, type Explainer } from "./explain.js";

let explainer: Extract<Explainer, { ok: true }>;

beforeAll(async () => {
  const created = await createExplainer(CASE_INSTANCE);
  if (!created.ok) throw new Error(JSON.stringify(created.diagnostics));
  explainer = created;
});

const text = async (path: string, options: Parameters<typeof explainer.explain>[0] = { path }) =>
  formatExplanation(await explainer.explain({ ...options, path })).join("\n");

describe("explain: routes, route by route", () => {
  it("a failed route names the condition that failed, the route taken every condition that held", async () => {
    const out = await text("/r/and", { path: "", facts: { country: "FR", ua: UA.androidPhone } });
    expect(out).toContain("facts      country FR, ua");
    expect(out).toMatch(
      /✗ route 1 +custom\/links\/routes\.yaml:\d+ +device: the User-Agent is android and mobile, none of ios/,
    );
    expect(out).toContain("=> no route held: the link's own target: https://example.com/world");
  });

  it("every condition that held is listed, in order", async () => {
    const out = await text("/r/and", { path: "", facts: { country: "FR", ua: UA.iphone } });
    expect(out).toMatch(
      /✓ route 1 .*country FR is FR; device: the User-Agent is ios and mobile, ios/,
    );
  });

  it("a missing fact is unknown, and says so; routes after the answer are not tried", async () => {
    const out = await text("/r/first", { path: "", facts: { continent: "EU" } });
    expect(out).toMatch(
      /\? route 1 \(france\) .*country: the request has no country \(a missing fact never matches\)/,
    );
    expect(out).toMatch(/✓ route 2 \(europe\) .*continent EU is EU/);
  });

  it("language: the visitor's language for this link, and whether the values cover it", async () => {
    const out = await text("/r/lang", { path: "", facts: { lang: "en;q=0.9, fr" } });
    expect(out).toContain("language: the visitor's language here is fr, not covered by en");
    expect(out).toContain("language: the visitor's language here is fr, covered by fr");
  });

  it("time: the zone's wall clock at --at, across a daylight-saving change", async () => {
    const before = await text("/r/dst-paris", { path: "", at: new Date("2026-03-28T07:30:00Z") });
    const after = await text("/r/dst-paris", { path: "", at: new Date("2026-03-29T07:30:00Z") });
    expect(before).toContain(
      "time: sat 08:30 in Europe/Paris is outside mon,tue,wed,thu,fri,sat,sun 09:00-17:00",
    );
    expect(after).toContain("time: sun 09:30 in Europe/Paris is inside");
  });

  it("split: every variant with its share of the draw; without --split-draw the first stands in", async () => {
    const out = await text("/r/split");
    expect(out).toContain(
      "split: draw 0.0000 picks variant 1 (no --split-draw: the first variant stands in)",
    );
    expect(out).toContain("variant 1 (a)  weight 70  draw 0.0000-0.7000  https://a.example.com/");
    expect(out).toContain("variant 2 (b)  weight 30  draw 0.7000-1.0000  https://b.example.com/");
  });

  it("--json keeps the routes, the facts and the event's route and variant", async () => {
    const e = await explainer.explain({ path: "/r/split", facts: { split_draw: 0.9 } });
    expect(e.facts).toEqual({ split_draw: 0.9 });
    expect(e.routes).toMatchObject({
      chosen: 1,
      target: "https://b.example.com/",
      steps: [{ route: 1, result: "held", decided: ["no conditions"] }],
      split: { draw: 0.9, given: true, variant: 2 },
    });
    expect(e.event).toMatchObject({ kind: "redirect", route: "1", variant: "b" });
    expect(e.headers["cache-control"]).toBe("no-store");
  });

  it("a link without routes shows none, and its event names no route", async () => {
    const e = await explainer.explain({ path: "/docs" });
    expect(e.routes).toBeNull();
    expect(e.event).not.toHaveProperty("route");
    expect(formatExplanation(e).join("\n")).not.toContain("routes");
  });
});
