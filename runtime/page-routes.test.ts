import { describe, expect, it } from "vitest";
import { isPagePublished, ownPagePaths, ownPageUrl, pageRouteOf } from "./page-routes.js";

describe("the routes of the domain's own pages", () => {
  it.each([
    ["/", { page: "home" }],
    ["/index", { page: "home" }],
    ["/fr", { page: "home", lang: "fr" }],
    ["/de/index", { page: "home", lang: "de" }],
    ["/privacy", { page: "privacy" }],
    ["/terms", { page: "terms" }],
    ["/abuse", { page: "abuse" }],
    ["/trust-safety", { page: "abuse" }],
    ["/security", { page: "security" }],
    ["/it/trust-safety", { page: "abuse", lang: "it" }],
    ["/en/lookup", { page: "lookup", lang: "en" }],
    ["/es/security", { page: "security", lang: "es" }],
    ["/security.txt", { redirect: "/.well-known/security.txt" }],
    ["/.well-known/security.txt", { redirect: "/.well-known/security.txt" }],
  ])("%s names %j", (path, route) => {
    expect(pageRouteOf(path)).toEqual(route);
  });

  it.each([
    ["/lookup", "answered before any link, as a product route"],
    ["/pt", "not a language of the product"],
    ["/pt/privacy", "not a language of the product"],
    ["/fr/nope", "no such page"],
    ["/fr/privacy/more", "deeper than a page"],
    ["/privacy/fr", "the language comes first"],
    ["/docs", "a short link's path"],
  ])("%s names no page (%s)", (path) => {
    expect(pageRouteOf(path)).toBeUndefined();
  });

  it("the lookup page is always there; the optional pages once published", () => {
    expect(isPagePublished("lookup", [])).toBe(true);
    expect(isPagePublished("home", [])).toBe(false);
    expect(isPagePublished("terms", ["home", "terms"])).toBe(true);
  });

  it("pages link each optional page under its language", () => {
    expect(ownPageUrl("home", "fr")).toBe("/fr");
    expect(ownPageUrl("abuse", "de")).toBe("/de/trust-safety");
    expect(ownPageUrl("privacy", "en")).toBe("/en/privacy");
  });

  it("every path of the published pages, security.txt's legacy spelling once the file exists", () => {
    const of = (published: Parameters<typeof ownPagePaths>[0], files: string[] = []) =>
      ownPagePaths(published, new Set(files)).map((route) => route.path);
    expect(of([])).toEqual(["/en/lookup", "/fr/lookup", "/es/lookup", "/it/lookup", "/de/lookup"]);
    expect(of(["home"])).toEqual(
      expect.arrayContaining(["/", "/index", "/fr", "/fr/index", "/de/lookup"]),
    );
    expect(of(["security"], ["/.well-known/security.txt"])).toEqual(
      expect.arrayContaining(["/security.txt", "/security", "/it/security"]),
    );
    expect(of(["security"])).not.toContain("/security.txt");
  });
});
