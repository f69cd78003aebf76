/**
 * Several domains (test/instance/custom/site.yaml `domains`, custom/links/domains.yaml,
 * custom/domains/go.example.net/; docs/domains.md) in the shared request case table: each case
 * names the Host it is sent with. The same slug answers per host, an alias answers with its
 * target's links, a host the instance does not list gets a plain 404 and no event, and the
 * lookup API answers with the asking host's links only.
 */
import type { RequestCase } from "./requests.js";

const NET = "go.example.net";
const JSON_HEADERS = { "content-type": "application/json" };

const redirect = (name: string, host: string, path: string, location: string): RequestCase => ({
  name: `domains: ${name}`,
  host,
  path,
  status: 302,
  location,
  event: "redirect",
});
const unlisted = (name: string, host: string, path: string): RequestCase => ({
  name: `domains: ${name}`,
  host,
  path,
  status: 404,
  location: null,
  event: null,
  expectHeaders: { "content-type": /^text\/plain/, "cache-control": "no-store" },
});
const lookup = (name: string, host: string, slug: string, found: boolean): RequestCase => ({
  name: `domains: ${name}`,
  host,
  method: "POST",
  path: "/lookup/resolve",
  headers: JSON_HEADERS,
  body: JSON.stringify({ slug }),
  status: 200,
  http: true,
  expectBody: new RegExp(`"found":${found}`),
});

export const DOMAIN_CASES: RequestCase[] = [
  // The same slug on two hosts: each host its own destination.
  redirect(
    "docs on the default host",
    "links.example.com",
    "/docs",
    "https://docs.example.com/start",
  ),
  redirect(
    "docs on go.example.net is that host's own",
    NET,
    "/docs",
    "https://example.net/docs-legacy",
  ),
  redirect(
    "a link on two hosts answers on the first",
    "links.example.com",
    "/both-hosts",
    "https://example.com/both",
  ),
  redirect(
    "a link on two hosts answers on the second",
    NET,
    "/both-hosts",
    "https://example.com/both",
  ),
  redirect("a link of go.example.net", NET, "/net-only", "https://example.net/only"),
  {
    name: "domains: another host's link is unknown on the default host",
    host: "links.example.com",
    path: "/net-only",
    status: 404,
    location: null,
    event: "short-link-miss",
  },
  // Host matching: port ignored, case folded, an IDN in its ASCII form.
  redirect(
    "the port is ignored and the case folded",
    "GO.Example.NET:8443",
    "/net-only",
    "https://example.net/only",
  ),
  redirect(
    "an IDN host answers in its ASCII form",
    "xn--bcher-kva.example",
    "/buch",
    "https://example.de/buch",
  ),
  // An alias answers with its target's links.
  redirect(
    "an alias answers with the default host's links",
    "lnk.example.com",
    "/docs",
    "https://docs.example.com/start",
  ),
  {
    name: "domains: an alias does not answer the other host's links",
    host: "lnk.example.com",
    path: "/net-only",
    status: 404,
    location: null,
    event: "short-link-miss",
  },
  // A host's root and not-found destination.
  redirect("/ on go.example.net goes to its root", NET, "/", "https://example.net/"),
  {
    name: "domains: a miss on go.example.net goes to its not-found destination",
    host: NET,
    path: "/no-such-link",
    status: 302,
    location: "https://example.net/missing",
    event: "short-link-miss",
    expectHeaders: { "cache-control": "no-store" },
  },
  {
    name: "domains: the default host keeps its 404 page",
    host: "links.example.com",
    path: "/no-such-link",
    status: 404,
    location: null,
    event: "short-link-miss",
    expectHeaders: { "content-type": /^text\/html/ },
  },
  // A host the instance does not list.
  unlisted("an unlisted host gets a plain 404", "evil.example", "/docs"),
  unlisted("an unlisted host gets a plain 404 on /", "evil.example", "/"),
  unlisted("a subdomain of a listed host is another host", "x.go.example.net", "/net-only"),
  unlisted("an address is no listed host", "203.0.113.7", "/docs"),
  // Another host's registry is as private as the default host's.
  unlisted(
    "another host's registry files are private",
    NET,
    "/links-hosts/go.example.net/links.json",
  ),
  // Per-host files: app-link files with the content type the platforms require, robots.txt.
  {
    name: "domains: assetlinks.json on its host",
    host: NET,
    path: "/.well-known/assetlinks.json",
    status: 200,
    http: true,
    expectHeaders: { "content-type": /^application\/json/ },
    expectBody: /net\.example\.app/,
  },
  {
    name: "domains: apple-app-site-association is served as application/json",
    host: NET,
    path: "/.well-known/apple-app-site-association",
    status: 200,
    http: true,
    expectHeaders: { "content-type": /^application\/json/ },
    expectBody: /applinks/,
  },
  {
    name: "domains: a host's own file is not served on another host",
    host: "links.example.com",
    path: "/.well-known/assetlinks.json",
    status: 404,
    location: null,
  },
  {
    name: "domains: a host's own robots.txt",
    host: NET,
    path: "/robots.txt",
    status: 200,
    http: true,
    expectBody: /^User-agent: \*\nAllow: \/\n$/,
  },
  {
    name: "domains: the default host keeps the product's robots.txt",
    host: "links.example.com",
    path: "/robots.txt",
    status: 200,
    http: true,
    expectBody: /Disallow: \//,
  },
  // The lookup API answers with the asking host's links only.
  lookup("lookup on go.example.net finds its link", NET, "net-only", true),
  lookup(
    "lookup on the default host does not see go.example.net's link",
    "links.example.com",
    "net-only",
    false,
  ),
  lookup(
    "lookup on an alias does not see go.example.net's link",
    "lnk.example.com",
    "net-only",
    false,
  ),
  {
    name: "domains: lookup on an unlisted host is a plain 404",
    host: "evil.example",
    method: "POST",
    path: "/lookup/resolve",
    headers: JSON_HEADERS,
    body: '{"slug":"docs"}',
    status: 404,
    http: true,
  },
];
