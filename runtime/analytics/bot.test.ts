/** Bot detection with isbot; the bot family reported in event data. */
import { isbot } from "isbot";
import { describe, expect, it } from "vitest";
import { detectBot } from "./bot.js";
import { PROVIDER_A_FALLBACK_UA } from "./provider-a.js";
import { PROVIDER_B_BOT_UA } from "./provider-b.js";
import { CHROME_UA, GOOGLEBOT_UA } from "../../test/support/analytics-fixtures.js";

describe("detectBot", () => {
  it.each([
    [GOOGLEBOT_UA, "googlebot"],
    ["Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", "bingbot"],
    [
      "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)",
      "gptbot",
    ],
    ["Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)", "slackbot-linkexpanding"],
    ["curl/8.4.0", "curl"],
    ["python-requests/2.31.0", "python-requests"],
    [
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "facebookexternalhit",
    ],
    ["", "unknown"],
    [null, "unknown"],
  ])("a known bot (%s) is family %s", (ua, family) => {
    expect(detectBot(ua)).toEqual({ bot: true, family });
  });

  it.each([
    CHROME_UA,
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0",
  ])("a browser is not a bot: %s", (ua) => {
    expect(detectBot(ua)).toEqual({ bot: false });
  });

  it("provider A's fallback UA for bot events is not itself a bot, or Umami would drop it", () => {
    expect(isbot(PROVIDER_A_FALLBACK_UA)).toBe(false);
  });

  it("provider B's runtime UA for bot events names the product", () => {
    expect(PROVIDER_B_BOT_UA).toMatch(/^shortlinks\/\S+ \(\+analytics\)$/);
  });
});
