/** `{user.email}` and `{user.local}` (docs/private-links.md): a claim never adds structure. */
import { describe, expect, it } from "vitest";
import { fillUser, userTemplateProblem } from "./index.js";

const fill = (target: string, email?: string) => fillUser(target, email);

describe("fillUser: each value is one segment in the path, one component in the query", () => {
  it("go/me: the local part in the path, the address in the query", () => {
    expect(fill("http://wiki.corp/u/{user.local}?m={user.email}", "carol@example.com")).toEqual({
      ok: true,
      url: "http://wiki.corp/u/carol?m=carol%40example.com",
    });
  });

  it.each([
    ["eve/../admin@corp", "http://w.corp/u/eve%2F..%2Fadmin"],
    ["a?b=c#d@corp", "http://w.corp/u/a%3Fb=c%23d"],
    ["x@y@corp", "http://w.corp/u/x@y"],
  ])("a claim %s adds no segment, query or fragment", (email, url) => {
    expect(fill("http://w.corp/u/{user.local}", email)).toEqual({ ok: true, url });
  });

  it("in the query, & and = are encoded: no key is added", () => {
    const filled = fill("http://w.corp/?who={user.email}", "a&admin=1@corp");
    expect(filled.ok && new URL(filled.url).searchParams.get("who")).toBe("a&admin=1@corp");
    expect(filled.ok && [...new URL(filled.url).searchParams.keys()]).toEqual(["who"]);
  });

  it.each([
    [undefined, "the token has no email"],
    ["", "the token has no email"],
    ["nobody", "no local part"],
    ["@corp", "no local part"],
    ["..@corp", "dot segment"],
    ["a\u0000b@corp", "control character"],
  ])("%j is refused: %s", (email, why) => {
    const filled = fill("http://w.corp/u/{user.local}", email);
    expect(filled.ok).toBe(false);
    expect(!filled.ok && filled.why).toContain(why);
  });
});

describe("userTemplateProblem", () => {
  it.each([
    ["http://{user.local}.wiki.corp/", "never in the scheme or host"],
    ["http://w.corp/{user.name}", "is not a placeholder"],
    ["{user.email}", "never in the scheme or host"],
  ])("%s: %s", (target, why) => {
    expect(userTemplateProblem(target)).toContain(why);
  });

  it("placeholders in the path, query and fragment are fine", () => {
    expect(userTemplateProblem("http://w.corp/{user.local}?a={user.email}#{user.local}")).toBe(
      null,
    );
  });
});
