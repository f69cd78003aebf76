/** Where a symbolic link stored in git leads, judged as the work tree's readers judge it. */
import { describe, expect, it } from "vitest";
import { linkTargetOf, relativeLink } from "./base-symlinks.js";

const AT = { top: "/w/repo", prefix: "deploy/links/" };

describe("linkTargetOf: a link's target as an instance path, or null when it leaves the instance", () => {
  it.each([
    ["custom/links/a.yaml", "../data/a.yaml", "custom/data/a.yaml"],
    ["custom/links/a.yaml", "../../common/a.yaml", "common/a.yaml"],
    ["custom/links/a.yaml", "../../../links/custom/x.yaml", "custom/x.yaml"], // out and back in
    ["custom/links/a.yaml", "/w/repo/deploy/links/custom/x.yaml", "custom/x.yaml"],
    ["custom/links", "..", ""],
    ["custom/links/a.yaml", "./..foo", "custom/links/..foo"],
  ])("%s -> %s is %s", (link, target, expected) => {
    expect(linkTargetOf(link, target, AT)).toBe(expected);
  });

  it.each([
    ["custom/links/a.yaml", "../../../outside.yaml"],
    ["custom/links/a.yaml", "/w/repo/outside.yaml"],
    ["custom/links/a.yaml", "/etc/passwd"],
    ["custom/links/a.yaml", "/w/repo/deploy/linksx/a.yaml"],
    ["custom/links/a.yaml", ""],
  ])("%s -> %s leaves the instance", (link, target) => {
    expect(linkTargetOf(link, target, AT)).toBeNull();
  });

  it("at the repository's top, only a climb above it leaves", () => {
    const top = { top: "/w/repo", prefix: "" };
    expect(linkTargetOf("custom/a", "../../x", top)).toBeNull();
    expect(linkTargetOf("custom/a", "../x", top)).toBe("x");
  });

  it("relativeLink writes the way back from the link's folder", () => {
    expect(relativeLink("custom/links/a.yaml", "common/a.yaml")).toBe("../../common/a.yaml");
    expect(relativeLink("custom", "instances/prod")).toBe("instances/prod");
    expect(relativeLink("custom/links", "")).toBe("..");
  });
});
