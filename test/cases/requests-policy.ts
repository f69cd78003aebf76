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

export const POLICY_CASES: RequestCase[] = [
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
