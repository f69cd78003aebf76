/**
 * SL658: a link on a route of a published product page. A link always answers first (docs/pages.md,
 * "Which answer comes first"), so nothing breaks; the note says which page now answers only on
 * its other routes.
 */
import { ownPagePaths, SECURITY_TXT_PATH } from "../../../runtime/page-routes.js";
import { LOOKUP_ROUTES } from "../../../runtime/routes.js";
import {
  LANGUAGES,
  type Lang,
  type LinkRecord,
  type OptionalPage,
} from "../../../runtime/contract/index.js";
import { diag, type Diagnostic } from "../../shared/diagnostics.js";

export function pageRouteNotes(
  links: readonly LinkRecord[],
  published: readonly OptionalPage[],
  staticPaths: readonly string[],
): Diagnostic[] {
  const routes = ownPagePaths(published, new Set(staticPaths));
  const byKey = new Map(routes.map((route) => [route.path.slice(1), route]));
  const notes: Diagnostic[] = [];
  for (const link of links) {
    const key = link.key.toLowerCase();
    const taken =
      link.kind === "exact"
        ? [byKey.get(key)].filter((route) => route !== undefined)
        : routes.filter((route) => {
            const path = route.path.slice(1);
            return path === key || path.startsWith(key + "/");
          });
    if (taken.length === 0) continue;
    const pages = [...new Set(taken.map((route) => route.page))];
    const paths = taken.map((route) => route.path).join(", ");
    notes.push(
      diag(
        "SL658",
        { file: link.file, line: link.line },
        `"${link.slug}" answers ${paths} before the ${pages.join(" and ")} ${pages.length > 1 ? "pages" : "page"}: a link comes first`,
        `the page still answers where no link does (${taken.map((route) => otherRoute(route.path)).join(", ")}); rename the link to give the route back`,
      ),
    );
  }
  return notes;
}

/** Another route of the same page, which the link leaves to it. */
function otherRoute(path: string): string {
  if (path === "/security.txt") return SECURITY_TXT_PATH;
  const [first, second] = path.slice(1).split("/");
  if (second === undefined)
    return (LANGUAGES as readonly string[]).includes(first)
      ? `/${first}/index`
      : `/<lang>/${first}`;
  if (second === "lookup") return LOOKUP_ROUTES[first as Lang];
  return second === "index" ? `/${first}` : `/${second}`;
}
