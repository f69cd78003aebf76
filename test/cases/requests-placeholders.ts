/**
 * Placeholder links (test/instance/custom/links/placeholders.yaml) in the shared request case
 * table: every runner asks them. Values are decoded once, keep the visitor's case, and enter the
 * target by position (rule 11): a path segment or a query or fragment component. Encoding attacks
 * never add a segment, a host or a query key: they are refused as paths (404) or encoded.
 */
import type { RequestCase } from "./requests.js";

const GO = "https://github.com/golang/go";
const REVIEW = "https://go-review.googlesource.com/c/go/+";
const LONG = "a".repeat(1800);

const redirect = (name: string, path: string, location: string): RequestCase => ({
  name: `placeholder: ${name}`,
  path,
  status: 302,
  location,
  event: "redirect",
});
const miss = (name: string, path: string, event: RequestCase["event"] = null): RequestCase => ({
  name: `placeholder: ${name}`,
  path,
  status: 404,
  location: null,
  event,
});

export const PLACEHOLDER_CASES: RequestCase[] = [
  redirect("a digits value enters the target path", "/issue/123", `${GO}/issues/123`),
  redirect("leading zeros are digits too", "/issue/0042", `${GO}/issues/0042`),
  redirect(
    "a value above max goes on to the next placeholder link",
    "/issue/4000000",
    `${GO}/issues?q=4000000`,
  ),
  redirect("zero is below min: the next link answers", "/issue/0", `${GO}/issues?q=0`),
  redirect("a non-digit value goes on to the next link", "/issue/gc", `${GO}/issues?q=gc`),
  redirect(
    "a value in the query is one component: & and = add no key",
    "/issue/a%26b%3Dc",
    `${GO}/issues?q=a%26b%3Dc`,
  ),
  redirect("a ? in a query value stays in it", "/issue/a%3Fb", `${GO}/issues?q=a%3Fb`),
  redirect("a space in a query value is escaped", "/issue/a%20b", `${GO}/issues?q=a%20b`),
  redirect("a # in a query value stays in it", "/issue/a%23b", `${GO}/issues?q=a%23b`),
  redirect("a very long value stays one value", `/issue/${LONG}`, `${GO}/issues?q=${LONG}`),
  redirect(
    "a very long value in the path stays one segment",
    `/cl/${LONG}/1`,
    `${REVIEW}/${LONG}/1`,
  ),
  redirect(
    "values are decoded once: a double-encoded / stays text in one segment",
    "/cl/a%252Fb/1",
    `${REVIEW}/a%252Fb/1`,
  ),
  redirect(
    "a value shaped like a host stays a path segment",
    "/cl/@evil.example/1",
    `${REVIEW}/@evil.example/1`,
  ),
  redirect("& and = in a path value add no query key", "/cl/a&b=c/1", `${REVIEW}/a&b=c/1`),
  redirect("two placeholders, two path segments", "/cl/12345/3", `${REVIEW}/12345/3`),
  redirect(
    "a value in the path is one segment: ? and # are escaped",
    "/cl/x%3Fy/c%23d",
    `${REVIEW}/x%3Fy/c%23d`,
  ),
  redirect("legal segment characters stay", "/cl/a@b/c:d", `${REVIEW}/a@b/c:d`),
  redirect("non-ASCII values are encoded as UTF-8", "/cl/caf%C3%A9/1", `${REVIEW}/caf%C3%A9/1`),
  redirect("values keep the visitor's case", "/CL/AbC/1", `${REVIEW}/AbC/1`),
  {
    ...redirect(
      "the request's query is forwarded",
      "/issue/7?utm_source=x",
      `${GO}/issues/7?utm_source=x`,
    ),
  },
  redirect(
    "an exact link wins over a placeholder link",
    "/pkg/std",
    "https://pkg.example.com/standard",
  ),
  redirect(
    "a placeholder link with a splat takes the rest of the path",
    "/pkg/net/http/client",
    "https://pkg.example.com/net/http/client",
  ),
  redirect(
    "literal segments match in any case, values keep theirs",
    "/PKG/Net/X",
    "https://pkg.example.com/Net/X",
  ),
  redirect(
    "a placeholder link wins over a splat",
    "/wiki/Home",
    "https://wiki.example.com/page/Home",
  ),
  redirect("a deeper path falls to the splat", "/wiki/a/b", "https://wiki.example.com/tree/a/b"),
  redirect(
    "a value in the fragment is one component",
    "/frag/a%23b",
    "https://example.com/doc#a%23b",
  ),
  miss("too few segments match nothing", "/cl/1", "short-link-miss"),
  miss("too many segments match nothing", "/cl/1/2/3", "short-link-miss"),
  miss("an encoded / never makes two segments", "/cl/a%2Fb/1"),
  miss("an encoded / in a query value is refused too", "/issue/a%2Fb"),
  miss("an encoded \\ is refused", "/issue/a%5Cb"),
  miss(
    "an encoded dot segment is no value: the URL resolves it, /cl/%2e%2e/1 is /1",
    "/cl/%2e%2e/1",
    "short-link-miss",
  ),
  miss(
    "an encoded single dot is no value: the URL drops it, /cl/1 is too short",
    "/cl/%2E/1",
    "short-link-miss",
  ),
  miss("an encoded dot segment and slash are refused", "/cl/%2e%2e%2fx/1"),
  miss("a double-encoded dot segment is refused as a probe", "/cl/%252e%252e/1"),
  miss("an encoded // before a host is refused", "/cl/%2F%2Fevil.example/1"),
  miss("an encoded NUL is refused", "/issue/%00"),
  miss("an encoded NUL in a path value is refused", "/cl/a%00b/1"),
  {
    name: "placeholder: an invisible control in a value fails closed (rule 11)",
    path: "/cl/a%E2%80%AEb/1",
    status: 404,
    location: null,
    event: "redirect",
  },
  {
    name: "placeholder: a paused placeholder link answers its page",
    path: "/hold/1",
    status: 503,
    location: null,
    event: "redirect",
  },
];
