/**
 * Destination policy (test/instance/custom/links/policy.yaml, test/instance/custom/blocklist.yaml)
 * in the shared request case table: a scanner probe's plain 404 and a refused destination's 404
 * page carry the block category as `X-Deny-Category` (docs/targets.md#block-categories); an
 * ordinary miss carries none.
 */
import type { RequestCase } from "./requests.js";

const refused = (name: string, path: string, category: string): RequestCase => ({
  name: `policy: ${name}`,
  path,
  status: 404,
  location: null,
  event: "redirect",
  expectHeaders: { "x-deny-category": category, "content-type": /^text\/html/ },
});
const probe = (name: string, path: string): RequestCase => ({
  name: `policy: ${name}`,
  path,
  status: 404,
  location: null,
  event: null,
  expectHeaders: {
    "x-deny-category": "scanner-probe",
    "content-type": /^text\/plain/,
    "cache-control": "no-store",
  },
});

const RAY = "8a1b2c3d4e5f6789-ZRH";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The miss 404 carries the request's correlation id, as a header and as the page's reference. */
const REFERENCE_CASES: RequestCase[] = [
  {
    name: "reference: an unknown slug's 404 carries the cf-ray as X-Correlation-ID and reference",
    path: "/no-such-link-here",
    headers: { "cf-ray": RAY },
    status: 404,
    location: null,
    event: "short-link-miss",
    expectHeaders: { "x-correlation-id": RAY, "content-type": /^text\/html/ },
    expectBody: new RegExp(`<p class="reference">Reference: ${RAY}</p>`),
  },
  {
    name: "reference: without cf-ray the id is a fresh UUID",
    path: "/no-such-link-here",
    status: 404,
    location: null,
    event: "short-link-miss",
    expectHeaders: { "x-correlation-id": UUID },
    expectBody: /<p class="reference">Reference: [0-9a-f]{8}-[0-9a-f-]{27}<\/p>/,
  },
  {
    name: "reference: a cf-ray that is no ray id is not echoed",
    path: "/no-such-link-here",
    headers: { "cf-ray": "<b>x</b>" },
    status: 404,
    location: null,
    event: "short-link-miss",
    expectHeaders: { "x-correlation-id": UUID },
  },
  {
    name: "reference: the 404 page in the visitor's language names it in that language",
    path: "/no-such-link-here",
    headers: { "cf-ray": RAY, "accept-language": "fr" },
    status: 404,
    location: null,
    event: "short-link-miss",
    expectHeaders: { "x-correlation-id": RAY, "content-language": "fr" },
    expectBody: new RegExp(`Référence : ${RAY}`),
  },
  {
    name: "reference: HEAD of a miss carries the header, no body",
    method: "HEAD",
    path: "/no-such-link-here",
    headers: { "cf-ray": RAY },
    status: 404,
    location: null,
    event: "short-link-miss",
    expectHeaders: { "x-correlation-id": RAY },
  },
  {
    name: "reference: a refused destination's 404 carries both headers",
    path: "/shop/casino",
    headers: { "cf-ray": RAY },
    status: 404,
    location: null,
    event: "redirect",
    expectHeaders: { "x-correlation-id": RAY, "x-deny-category": "gambling" },
  },
  {
    name: "reference: a scanner probe's plain 404 has none (no analytics event to match)",
    path: "/.env",
    headers: { "cf-ray": RAY },
    status: 404,
    location: null,
    event: null,
    expectHeaders: { "x-correlation-id": null },
  },
  {
    name: "reference: a redirect has none",
    path: "/shop/deals",
    headers: { "cf-ray": RAY },
    status: 302,
    location: "https://shop.example.com/deals",
    event: "redirect",
    expectHeaders: { "x-correlation-id": null },
  },
];

/** The lookup API echoes at most LOOKUP_INPUT_MAX (1,024) characters of what it was asked. */
const LOOKUP_ECHO_CASES: RequestCase[] = [
  {
    name: "lookup echo: a long miss is echoed cut to 1,024 characters",
    method: "POST",
    path: "/lookup/resolve",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ slug: "y".repeat(1500) }),
    status: 200,
    http: true,
    expectBody: /^\{"found":false,"slug":"y{1024}"\}$/,
  },
  {
    name: "lookup echo: the cut never leaves half a surrogate pair",
    method: "POST",
    path: "/lookup/resolve",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ slug: "x".repeat(1023) + "\u{1F600}" }),
    status: 200,
    http: true,
    expectBody: /^\{"found":false,"slug":"x{1023}"\}$/,
  },
];

export const POLICY_CASES: RequestCase[] = [
  ...REFERENCE_CASES,
  ...LOOKUP_ECHO_CASES,
  refused(
    "a keyword in the rest of the path refuses the redirect with its category",
    "/shop/free-crypto-airdrop",
    "phishing",
  ),
  refused("a keyword in any case", "/shop/Free-Crypto-AIRDROP", "phishing"),
  refused("a percent-encoded keyword", "/shop/free%2Dcrypto%2Dairdrop", "phishing"),
  refused("a keyword in the forwarded query", "/shop/deals?ref=casino-night", "gambling"),
  refused("the instance's own keyword and category", "/shop/casino", "gambling"),
  refused(
    "a splat that ends in an executable download",
    "/mirror/setup.exe",
    "executable-download",
  ),
  {
    name: "policy: the same link without a blocked keyword redirects",
    path: "/shop/deals?ref=mail",
    status: 302,
    location: "https://shop.example.com/deals?ref=mail",
    event: "redirect",
    expectHeaders: { "x-deny-category": null },
  },
  probe("a scanner probe (/.env) carries scanner-probe", "/.env"),
  probe("a PHP probe carries scanner-probe", "/css/index.php"),
  probe("a WordPress probe carries scanner-probe", "/wp-content/plugins/x/readme.txt"),
  probe("a probe in another case carries scanner-probe", "/.GIT/config"),
  {
    name: "policy: HEAD of a probe carries scanner-probe too",
    method: "HEAD",
    path: "/.env",
    status: 404,
    location: null,
    event: null,
    expectHeaders: { "x-deny-category": "scanner-probe" },
  },
  {
    name: "policy: a private runtime file is no probe: no category",
    path: "/links-blocklist.json",
    status: 404,
    location: null,
    event: null,
    expectHeaders: { "x-deny-category": null },
  },
  {
    name: "policy: an unknown slug carries no category",
    path: "/no-such-link-here",
    status: 404,
    location: null,
    event: "short-link-miss",
    expectHeaders: { "x-deny-category": null },
  },
];
