import { describe, expect, it } from "vitest";
import { UA } from "../../test/cases/requests-routes.js";
import { readAgent } from "./user-agent.js";

describe("device, os, browser and bot from the User-Agent", () => {
  it.each([
    ["iPhone", UA.iphone, ["ios", "mobile"], "ios", "safari"],
    ["iPad", UA.ipad, ["ipados", "tablet"], "ipados", "safari"],
    [
      "iPad sending the desktop Safari UA is a Mac desktop",
      UA.ipadDesktop,
      ["desktop"],
      "macos",
      "safari",
    ],
    ["Android phone", UA.androidPhone, ["android", "mobile"], "android", "chrome"],
    ["Android tablet (no Mobile)", UA.androidTablet, ["android", "tablet"], "android", "chrome"],
    ["Firefox on Windows", UA.firefoxWindows, ["desktop"], "windows", "firefox"],
    ["Edge on Windows is edge, not chrome", UA.edgeWindows, ["desktop"], "windows", "edge"],
    [
      "Chrome on iOS is chrome",
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1",
      ["ios", "mobile"],
      "ios",
      "chrome",
    ],
    [
      "Samsung Internet",
      "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36",
      ["android", "mobile"],
      "android",
      "samsung",
    ],
    [
      "Opera on Linux",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 OPR/110.0.0.0",
      ["desktop"],
      "linux",
      "opera",
    ],
    [
      "ChromeOS",
      "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36",
      ["desktop"],
      "chromeos",
      "chrome",
    ],
    ["curl: no os, no browser", UA.curl, ["desktop"], undefined, undefined],
  ])("%s", (_name, ua, devices, os, browser) => {
    const agent = readAgent(ua);
    expect(agent.devices).toEqual(devices);
    expect(agent.os).toBe(os);
    expect(agent.browser).toBe(browser);
  });

  it("mobile, tablet and desktop exclude each other", () => {
    for (const ua of Object.values(UA)) {
      const classes = readAgent(ua).devices.filter((d) =>
        ["mobile", "tablet", "desktop"].includes(d),
      );
      expect(classes, ua).toHaveLength(1);
    }
  });

  it.each([
    ["Slack unfurling", UA.slack, true, true],
    ["Discord", "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)", true, true],
    ["WhatsApp", "WhatsApp/2.23.20.0", true, true],
    ["Facebook and iMessage", "facebookexternalhit/1.1 Facebot Twitterbot/1.0", true, true],
    ["Googlebot is a bot, not a preview", UA.googlebot, true, false],
    ["a browser is neither", UA.iphone, false, false],
  ])("bot: %s", (_name, ua, bot, preview) => {
    expect(readAgent(ua)).toMatchObject({ bot, preview });
  });
});
