/**
 * Private links (test/instance/custom/links/private.yaml, zones in site.yaml) in the shared request
 * case table: every runner asks them without a token, so each is the unknown slug's answer (the
 * same 404 and the same event), whether a link exists there or not. The answers with tokens,
 * byte for byte, are test/engine/private-links.test.ts.
 */
import type { RequestCase } from "./requests.js";

/** The zones' Access AUD tags as test/instance/custom/site.yaml sets them. */
export const PRIVATE_AUDS = {
  staff: "5a1f0e7c2b9d4c3e8f6a1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d3e4f5a6",
  hr: "b7c8d9e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f7a8b9c0d1e2",
} as const;

const miss = (name: string, path: string, method = "GET"): RequestCase => ({
  name: `private: ${name}`,
  method,
  path,
  status: 404,
  location: null,
  event: "short-link-miss",
  expectHeaders: { location: null, "x-deny-category": null },
});

export const PRIVATE_CASES: RequestCase[] = [
  miss("a private link without a token is a miss", "/staff/oncall"),
  miss("an unknown slug inside the zone is the same miss", "/staff/no-such-link"),
  miss("the zone's prefix itself is inside it", "/staff"),
  miss("another spelling of the prefix is inside it (case-folded)", "/STAFF/OnCall"),
  miss("a link with an allow list, without a token", "/staff/salary-bands"),
  miss("a link with {user.*}, without a token", "/staff/me"),
  miss("a private splat, without a token", "/staff/wiki/a/b"),
  miss("a retired private link is a miss, not its retired page", "/staff/old"),
  miss("a disabled private link", "/staff/off"),
  miss("another zone's link", "/hr/payroll"),
  miss("a zone below a public splat: the splat does not reach in", "/files/vault/plans"),
  miss("below a nested zone, the public splat does not answer", "/files/vault/other"),
  miss("HEAD on a private link", "/staff/oncall", "HEAD"),
  miss("a route of a private link, without a token", "/staff/desk?v=intranet"),
  {
    name: "private: a path beside the zone (same letters, no segment boundary) is public",
    path: "/staffing",
    status: 404,
    location: null,
    event: "short-link-miss",
  },
  {
    name: "private: the public splat above a zone still answers beside it",
    path: "/files/vaults/x",
    status: 302,
    location: "https://files.example.com/base/vaults/x",
    event: "redirect",
  },
];
