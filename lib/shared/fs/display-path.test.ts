import { describe, expect, it } from "vitest";
import { displayPath } from "./display-path.js";

describe("paths shown to the operator", () => {
  it.each([
    ["/work/site/dist", "/work/site", "dist"],
    ["/work/site", "/work/site", "."],
    ["/work/other", "/work/site", "../other"],
    ["/etc/passwd", "/work/site/custom/links", "/etc/passwd"],
    ["/tmp/out", "/home/me/projects/site", "/tmp/out"],
  ])("%s seen from %s is %s", (path, cwd, shown) => {
    expect(displayPath(path, cwd)).toBe(shown);
  });
});
