/**
 * Links whose target lies on the instance's own host. This worker answers that target itself, so
 * the check follows it through the engine's decision (resolve()), with every active link taken as
 * inside its schedule window (what the links can do without an edit). A chain that comes back to a link it
 * has passed is a redirect loop, which a browser follows until it gives up (SL316, an error). A
 * chain longer than OWN_HOST_HOPS is refused the same way. A chain that ends in a 404 sends
 * visitors nowhere (SL317, a warning). `import` meets this most often: a `_redirects` line like
 * `/docs /docs/ 301` is a loop here, because the worker answers `/docs/` and `/docs` alike.
 */
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import { decide } from "../../../runtime/engine/answer.js";
import { tablesInstance, type InstanceTables } from "../../shared/memory-instance.js";
import { samplePathOf, sameLink } from "../../shared/link-identity.js";
import { statusOf } from "../../../runtime/resolve.js";
import type { LinkRecord } from "../../../runtime/contract/index.js";
import { SPLAT_SAMPLE } from "./link-targets.js";

/** Redirects followed on the own host before the chain counts as endless (browsers stop at 20). */
export const OWN_HOST_HOPS = 10;

export async function ownHostProblems(tables: InstanceTables): Promise<Diagnostic[]> {
  const host = new URL(tables.siteConfig.base_url).host;
  // A cheap test first: at a million links, parsing every target would cost seconds of a build.
  const mayBeOwn = new RegExp(
    `^[a-z][a-z0-9+.-]*://${host.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![^/?#])`,
    "i",
  );
  const onOwnHost = (target: string) => {
    if (!mayBeOwn.test(target)) return false;
    try {
      return new URL(target.replaceAll(":splat", SPLAT_SAMPLE)).host === host;
    } catch {
      return false;
    }
  };
  const candidates = tables.links.filter((link) => onOwnHost(link.target));
  if (candidates.length === 0) return [];
  const instance = tablesInstance(tables, { allLive: true });
  const now = new Date();
  const diagnostics: Diagnostic[] = [];
  for (const link of candidates) {
    const at = { file: link.file, line: link.line };
    const subject = `link ${JSON.stringify(link.slug)}`;
    const passed: LinkRecord[] = [];
    let path = samplePathOf(link);
    for (;;) {
      const resolution = await decide(instance, { method: "GET", url: path, now });
      const { outcome } = resolution;
      const reached = resolution.link;
      // Another link answers its path, or the link itself does not redirect (paused, retired...).
      if (passed.length === 0 && (!sameLink(reached, link) || outcome.type !== "redirect")) break;
      if (outcome.type !== "redirect" || !reached) {
        if (statusOf(outcome) === 404)
          diagnostics.push(
            diag(
              "SL317",
              at,
              `${subject}: its target leads to ${path} on this instance's own host, which answers 404`,
              "point the target at a link, page or file this instance has, or at another host",
            ),
          );
        break;
      }
      if (passed.some((p) => sameLink(p, reached))) {
        diagnostics.push(
          diag(
            "SL316",
            at,
            `${subject}: a redirect loop on this instance's own host: ${chain([...passed, reached])}`,
            "point the target at another host, or at a path no link of the loop answers",
          ),
        );
        break;
      }
      passed.push(reached);
      const next = new URL(outcome.location);
      if (next.host !== host) break;
      if (passed.length > OWN_HOST_HOPS) {
        diagnostics.push(
          diag(
            "SL316",
            at,
            `${subject}: more than ${OWN_HOST_HOPS} redirects on this instance's own host: ${chain(passed)}`,
            "point the target at the end of the chain",
          ),
        );
        break;
      }
      path = next.pathname + next.search;
    }
  }
  return diagnostics;
}

function chain(links: readonly LinkRecord[]): string {
  return links.map((l) => `"${l.slug}"`).join(" → ");
}
