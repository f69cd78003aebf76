/** A private zone's allow_targets (docs/private-links.md#allow_targets) in the one target check. */
import { describe, expect, it } from "vitest";
import { checkTarget, intranetTargets } from "./index.js";
import { CASE_POLICY } from "../../test/cases/targets.js";

const ZONE = intranetTargets(["wiki.corp", "10.20.0.0/16", "fd00:1::/48", "169.254.0.0/16"]);
const check = (url: string) => checkTarget(url, CASE_POLICY, undefined, ZONE);

describe("allow_targets opens rules 6 and 7 for the zone's own hosts", () => {
  it.each([
    "http://wiki.corp/page",
    "http://a.wiki.corp/",
    "http://10.20.0.5/dashboard",
    "http://10.20.255.255/",
    "http://[fd00:1::5]/",
  ])("%s passes, and names no allowance (none was used)", (url) => {
    const verdict = check(url);
    expect(verdict.ok).toBe(true);
    expect(verdict.ok && verdict.allowed).toBeFalsy();
  });

  it.each([
    ["http://notwiki.corp/", 6],
    ["http://10.21.0.1/", 7],
    ["http://[fd00:2::1]/", 7],
  ])("%s, not listed, is refused as for a public link", (url, rule) => {
    expect(check(url)).toMatchObject({ ok: false, rule });
  });

  it.each([
    "http://169.254.169.254/latest/meta-data/",
    "http://metadata.google.internal/",
    "http://169.254.1.1/",
    "http://127.0.0.1/",
  ])("%s stays refused whatever the zone lists (metadata, link-local, loopback)", (url) => {
    expect(
      checkTarget(url, CASE_POLICY, undefined, intranetTargets(["127.0.0.0/8"])),
    ).toMatchObject({ ok: false });
    expect(check(url)).toMatchObject({ ok: false });
  });

  it("without a zone, the same intranet targets are refused", () => {
    expect(checkTarget("http://wiki.corp/", CASE_POLICY)).toMatchObject({ ok: false, rule: 6 });
    expect(checkTarget("http://10.20.0.5/", CASE_POLICY)).toMatchObject({ ok: false, rule: 7 });
  });
});
