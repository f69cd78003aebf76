import { describe, expect, it } from "vitest";
import { readAccessConfig } from "./config.js";

const AUD = "aud-tag";

describe("access config: the team domain is an https origin (http only on loopback)", () => {
  it.each([
    ["https://team.cloudflareaccess.com", "https://team.cloudflareaccess.com"],
    ["https://team.cloudflareaccess.com/", "https://team.cloudflareaccess.com"],
    ["  https://Team.CloudflareAccess.com  ", "https://team.cloudflareaccess.com"],
    ["http://127.0.0.1:8788", "http://127.0.0.1:8788"],
    ["http://[::1]:8788/", "http://[::1]:8788"],
  ])("team domain accepted: %s", (team, issuer) => {
    expect(readAccessConfig({ ACCESS_TEAM_DOMAIN: team, ACCESS_AUD: AUD })).toEqual({
      ok: true,
      config: { issuer, audience: AUD, certsUrl: issuer + "/cdn-cgi/access/certs" },
    });
  });

  it.each([
    ["bare host name", "team.cloudflareaccess.com"],
    ["plain http on a public host", "http://team.cloudflareaccess.com"],
    ["plain http on localhost by name", "http://localhost:8788"],
    ["plain http on another private address", "http://10.0.0.1"],
    ["a path", "https://team.cloudflareaccess.com/cdn-cgi/access/certs"],
    ["a query", "https://team.cloudflareaccess.com/?x=1"],
    ["an empty query", "https://team.cloudflareaccess.com?"],
    ["a fragment", "https://team.cloudflareaccess.com/#x"],
    ["credentials", "https://user:pass@team.cloudflareaccess.com"],
    ["another scheme", "ftp://team.cloudflareaccess.com"],
    ["not a URL", "https://"],
  ])("team domain refused: %s", (_name, team) => {
    const result = readAccessConfig({ ACCESS_TEAM_DOMAIN: team, ACCESS_AUD: AUD });
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.reason).toMatch(/^not-configured: ACCESS_TEAM_DOMAIN must be/);
  });
});

describe("access config: missing variables fail closed", () => {
  it.each([
    ["ACCESS_TEAM_DOMAIN unset", { ACCESS_AUD: AUD }, "ACCESS_TEAM_DOMAIN"],
    [
      "ACCESS_TEAM_DOMAIN blank",
      { ACCESS_TEAM_DOMAIN: " ", ACCESS_AUD: AUD },
      "ACCESS_TEAM_DOMAIN",
    ],
    ["ACCESS_AUD unset", { ACCESS_TEAM_DOMAIN: "https://t.cloudflareaccess.com" }, "ACCESS_AUD"],
    [
      "ACCESS_AUD blank",
      { ACCESS_TEAM_DOMAIN: "https://t.cloudflareaccess.com", ACCESS_AUD: "" },
      "ACCESS_AUD",
    ],
  ])("not configured: %s", (_name, env, variable) => {
    expect(readAccessConfig(env)).toEqual({
      ok: false,
      reason: `not-configured: ${variable} is not set`,
    });
  });
});
