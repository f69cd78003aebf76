/**
 * A `_redirects` file of forms Netlify documents, and what Netlify answers for paths around each
 * line, written from Netlify's documentation, never from shortlinks. Sources:
 *   [options]     docs.netlify.com/routing/redirects/redirect-options/ "HTTP status codes": the
 *                 default status is 301
 *   [splats]      same page, "Splats": `/news/*` matches everything below, used as `:splat`
 *   [placeholders] same page, "Placeholders": `:name` matches one segment and may be reordered in
 *                 the destination (`/news/:month/:date/:year/:slug /blog/:year/:month/:date/:slug`)
 *   [order]       docs.netlify.com/routing/redirects/ "Rule processing order": the first rule that
 *                 matches applies, so the specific rule goes above the general one
 *   [force]       same page, "Shadowing": `301!` forces the rule
 */
import type { ReferenceCase } from "./cloudflare-reference.js";

export const NETLIFY_REDIRECTS = `# [options] statuses, the default 301
/home / 301
/my-redirect / 302
/default https://example.com/default
# [placeholders] reordered in the destination
/news/:month/:date/:year/:slug /blog/:year/:month/:date/:slug
# [splats]
/news/* /blog/:splat
# [order] the specific rule first
/jobs/customer-ninja-rockstar /careers/support-engineer
/jobs/* /careers/:splat
# [force]
/forced https://example.com/target 301!
`;

export const NETLIFY_ORIGIN = "https://go.example.org";
const O = NETLIFY_ORIGIN;

export const NETLIFY_CASES: ReferenceCase[] = [
  { path: "/home", line: 2, status: 301, location: `${O}/`, doc: "options" },
  { path: "/my-redirect", line: 3, status: 302, location: `${O}/`, doc: "options" },
  {
    path: "/default",
    line: 4,
    status: 301,
    location: "https://example.com/default",
    doc: "options: default 301",
  },
  {
    path: "/news/02/12/2004/my-story",
    line: 6,
    status: 301,
    location: `${O}/blog/2004/02/12/my-story`,
    doc: "placeholders, reordered",
  },
  {
    path: "/news/2004/01/10/my-story/more",
    line: 8,
    status: 301,
    location: `${O}/blog/2004/01/10/my-story/more`,
    doc: "splats: more segments than the placeholders",
  },
  {
    path: "/jobs/customer-ninja-rockstar",
    line: 10,
    status: 301,
    location: `${O}/careers/support-engineer`,
    doc: "order",
  },
  {
    path: "/jobs/designer",
    line: 11,
    status: 301,
    location: `${O}/careers/designer`,
    doc: "order: the general rule",
  },
  {
    path: "/forced",
    line: 13,
    status: 301,
    location: "https://example.com/target",
    doc: "force",
  },
];
