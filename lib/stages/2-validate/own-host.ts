/**
 * Links whose target lies on the instance's own host. This worker answers that target itself, so
 * the check follows it through the engine's decision (resolve()), with every active link taken as
 * inside its schedule window (what the links can do without an edit). A chain that comes back to a link it
 * has passed is a redirect loop, which a browser follows until it gives up (SL316, an error). A
 * chain longer than OWN_HOST_HOPS is refused the same way. A chain that ends in a 404 sends
 * visitors nowhere (SL317, a warning). `import` meets this most often: a `_redirects` line like
 * `/docs /docs/ 301` is a loop here, because the worker answers `/docs/` and `/docs` alike.
 * An instance that lists several hosts (docs/domains.md) answers each of them: a chain is
 * followed from host to host, each answering with its own links.
 */
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import { decide } from "../../../runtime/engine/answer.js";
import { tablesInstance, type InstanceTables } from "../../shared/memory-instance.js";
import { samplePathOf, sameLink } from "../../shared/link-identity.js";
import { statusOf } from "../../../runtime/resolve.js";
import type { LinkRecord } from "../../../runtime/contract/index.js";
import type { Instance } from "../../../runtime/engine/instance.js";
import { SPLAT_SAMPLE } from "./link-targets.js";

/** Redirects followed on the own host before the chain counts as endless (browsers stop at 20). */
export const OWN_HOST_HOPS = 10;

export async function ownHostProblems(tables: InstanceTables): Promise<Diagnostic[]> {
  const domains = tables.siteConfig.domains;
  const hosts = domains?.map((d) => d.host) ?? [new URL(tables.siteConfig.base_url).host];
  // A cheap test first: at a million links, parsing every target would cost seconds of a build.
  // How messages name the place: one host, or the listed ones.
  const own = domains ? "this instance's own hosts" : "this instance's own host";
  const escaped = hosts.map((h) => h.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const mayBeOwn = new RegExp(
    `^[a-z][a-z0-9+.-]*://${escaped.length === 1 ? escaped[0] : `(?:${escaped.join("|")})`}(?![^/?#])`,
    "i",
  );
  const onOwnHost = (target: string) => {
    if (!mayBeOwn.test(target)) return false;
    try {
      return hosts.includes(new URL(target.replaceAll(":splat", SPLAT_SAMPLE)).host);
    } catch {
      return false;
    }
  };
  const candidates = tables.links.filter((link) => onOwnHost(link.target));
  if (candidates.length === 0) return [];
  // One instance per host answering, each with its own links (an alias: its target's).
  const instances = new Map<string, Instance>();
  const instanceOf = (host: string) => {
    let instance = instances.get(host);
    if (!instance) {
      instance = tablesInstance(tables, { allLive: true, ...(domains ? { host } : {}) });
      instances.set(host, instance);
    }
    return instance;
  };
  const now = new Date();
  const diagnostics: Diagnostic[] = [];
  for (const link of candidates) {
    const at = { file: link.file, line: link.line };
    const subject = `link ${JSON.stringify(link.slug)}`;
    const passed: LinkRecord[] = [];
    let path = samplePathOf(link);
    let host = link.domain ?? hosts[0];
    for (;;) {
      const resolution = await decide(instanceOf(host), { method: "GET", url: path, now });
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
              `${subject}: its target leads to ${domains ? `${host}${path}` : path} on ${own}, which answers 404`,
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
            `${subject}: a redirect loop on ${own}: ${chain([...passed, reached])}`,
            "point the target at another host, or at a path no link of the loop answers",
          ),
        );
        break;
      }
      passed.push(reached);
      const next = new URL(outcome.location);
      if (!hosts.includes(next.host)) break;
      host = next.host;
      if (passed.length > OWN_HOST_HOPS) {
        diagnostics.push(
          diag(
            "SL316",
            at,
            `${subject}: more than ${OWN_HOST_HOPS} redirects on ${own}: ${chain(passed)}`,
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
  return links.map((l) => `"${l.domain ? `${l.domain}/` : ""}${l.slug}"`).join(" → ");
}
