/** Provider field limits: Umami strings <= 500, names <= 50, <= 50 properties; Rybbit properties <= 2048, selected query only. */
import { describe, expect, it } from "vitest";
import { clip } from "./clip.js";
import { eventData, MAX_VALUE_LENGTH } from "./event-data.js";
import { buildProviderA } from "./provider-a.js";
import { fitProperties, MAX_PROPERTIES_LENGTH } from "./provider-b.js";
import { WEBSITE_ID, visitorRequest } from "../../test/support/analytics-fixtures.js";
import { readVisitor } from "./visitor.js";

const long = "x".repeat(3000);

describe("limits", () => {
  it("Umami: every event data string is cut to 500 characters", () => {
    const visitor = readVisitor(visitorRequest({ path: `/${long}?q=${long}` }), "full");
    const data = eventData({ kind: "redirect", slug: long, schedule_label: long }, visitor);
    for (const [key, value] of data) {
      expect(key.length).toBeLessThanOrEqual(50);
      if (typeof value === "string") expect(value.length).toBeLessThanOrEqual(MAX_VALUE_LENGTH);
    }
  });

  it("Umami: url, referrer and title are cut to 500 characters", () => {
    const request = visitorRequest({
      path: `/${long}`,
      headers: { referer: `https://r.example/${long}` },
    });
    const config = {
      endpoint: "https://u.example/api/send",
      website: WEBSITE_ID,
      ipMode: "none",
      botMode: "normalize",
    } as const;
    const body = JSON.parse(
      buildProviderA(config, { kind: "pageview", title: long }, readVisitor(request, "campaign"))
        .body,
    );
    expect(body.payload.url).toHaveLength(500);
    expect(body.payload.referrer).toHaveLength(500);
    expect(body.payload.title).toHaveLength(500);
  });

  it("a route and a variant at their longest (50-character ids) stay within both providers' limits", () => {
    const visitor = readVisitor(visitorRequest({ path: `/${long}?q=${long}` }), "full");
    const id = "r".repeat(50);
    const data = eventData(
      { kind: "redirect", slug: long, schedule_label: long, route: id, variant: id },
      visitor,
    );
    expect(data.find(([key]) => key === "route")).toEqual(["route", id]);
    expect(data.find(([key]) => key === "variant")).toEqual(["variant", id]);
    const json = fitProperties(data);
    expect(json.length).toBeLessThanOrEqual(MAX_PROPERTIES_LENGTH);
    // Provider B keeps the route ahead of the bulky path and query when it must cut.
    expect(JSON.parse(json)).toMatchObject({ route: id, variant: id });
  });

  it("clip never splits a surrogate pair", () => {
    expect(clip("ab😀", 3)).toBe("ab");
    expect(clip("ab😀", 4)).toBe("ab😀");
  });

  it("Rybbit: properties fit in 2048 characters by dropping the lowest-priority keys", () => {
    const data: [string, string][] = [
      "type",
      "slug",
      "target_host",
      "country",
      "path",
      "query",
    ].map((k) => [k, "v".repeat(480)]);
    const json = fitProperties(data);
    expect(json.length).toBeLessThanOrEqual(MAX_PROPERTIES_LENGTH);
    expect(Object.keys(JSON.parse(json))).toEqual(["type", "slug", "target_host", "country"]);
  });
});
