import { describe, expect, it } from "vitest";
import { servedPathsOf, staticFileFor } from "./static-files.js";

const FILES = ["/hello.html", "/guide/index.html", "/docs/a.html", "/logo.png", "/notes.txt"];
const SET = new Set(FILES);

describe("static paths: the file a request path is served from", () => {
  it.each([
    ["/hello", "/hello.html"],
    ["/hello/", "/hello.html"],
    ["/hello.html", "/hello.html"],
    ["/guide", "/guide/index.html"],
    ["/guide/", "/guide/index.html"],
    ["/docs/a", "/docs/a.html"],
    ["/logo.png", "/logo.png"],
    ["/logo", undefined],
    ["/notes", undefined],
    ["/docs", undefined],
    ["/", undefined],
  ])("%s is served from %s", (path, file) => {
    expect(staticFileFor(path, SET)).toBe(file);
  });

  it.each(FILES)("every path %s answers on is served from it", (file) => {
    for (const path of servedPathsOf(file)) expect(staticFileFor(path, SET)).toBe(file);
  });
});
