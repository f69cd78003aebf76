/**
 * A preview fetch (docs/previews.md) is a `bot` event with type `preview`, never a `redirect`;
 * `*_BOT_MODE=original` keeps its own name, `preview`. Checked on what a local collector receives.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectFrom, startCollector, type Collector } from "../../test/support/collector.js";
import { sendAnalytics, type AnalyticsEnv, type EventFacts } from "./index.js";
import { PROVIDER_A_FALLBACK_UA } from "./provider-a.js";
import { analyticsEnv, CHROME_UA, visitorRequest } from "../../test/support/analytics-fixtures.js";

let collector: Collector;
beforeAll(async () => {
  collector = await startCollector();
});
afterAll(() => collector.close());

const SLACK = "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)";
const PREVIEW: EventFacts = {
  kind: "preview",
  slug: "card",
  target_host: "example.com",
  effective_state: "active",
  preview_bot: "slack",
};

async function send(userAgent: string, overrides: AnalyticsEnv = {}) {
  const request = visitorRequest({ path: "/card", headers: { "user-agent": userAgent } });
  const got = await collectFrom(collector, (ctx) =>
    sendAnalytics(request, analyticsEnv(collector.url, overrides), ctx, PREVIEW),
  );
  const a = got.get("/api/send");
  const b = got.get("/api/track");
  const payload = (a?.body as { payload: Record<string, unknown> }).payload;
  return { payload, aUa: a?.headers["user-agent"], b: b?.body as Record<string, unknown> };
}

describe("analytics of a preview fetch", () => {
  it("is a bot event with type preview and the preview bot's family, never a redirect", async () => {
    const { payload, aUa, b } = await send(SLACK);
    expect(payload.name).toBe("bot");
    expect(payload.data).toMatchObject({ type: "preview", slug: "card", preview_bot: "slack" });
    expect(aUa).toBe(PROVIDER_A_FALLBACK_UA);
    expect(b.event_name).toBe("bot");
    expect(JSON.parse(b.properties as string)).toMatchObject({ type: "preview" });
  });

  it("is a bot's even when isbot does not know the User-Agent", async () => {
    const { payload, aUa } = await send(CHROME_UA);
    expect(payload.name).toBe("bot");
    expect(payload.data).toMatchObject({ type: "preview", bot_family: "slack" });
    expect(aUa).toBe(PROVIDER_A_FALLBACK_UA);
  });

  it("BOT_MODE=original keeps its original name: preview", async () => {
    const { payload, b } = await send(SLACK, {
      PROVIDER_A_BOT_MODE: "original",
      PROVIDER_B_BOT_MODE: "original",
    });
    expect(payload.name).toBe("preview");
    expect(b.event_name).toBe("preview");
  });
});
