/**
 * Which link `qr` encodes, and on which host (docs/domains.md): the host `--domain` names, or the
 * one host whose links answer the path. A path answered on several hosts is SL528 (which host's
 * short URL goes on paper would be a guess). A private link is a miss to everyone outside its
 * zone, so each host is asked as a member of the zone too; `--private` decides whether such a
 * link's code is printed (SL539 otherwise).
 */
import { shortLinkUrl } from "../../runtime/pages/qr-svg.js";
import type { Explainer, Explanation } from "../engines/explain/explain.js";
import {
  chosenHost,
  hostBaseUrl,
  severalHosts,
  type InstanceHosts,
} from "../engines/edit/link-hosts.js";
import { diag, type Diagnostic } from "../shared/diagnostics.js";
import { asciiHost } from "../stages/1-sources/site/domains.js";

type Explain = Extract<Explainer, { ok: true }>["explain"];

export type QrAnswer =
  | { e: Explanation & { match: NonNullable<Explanation["match"]> }; url: string }
  | { problem: Diagnostic; usage?: boolean }
  | { miss: string };

export async function qrAnswer(input: {
  explain: Explain;
  slug: string;
  baseUrl: string;
  hosts: InstanceHosts;
  domain?: string;
  private?: boolean;
}): Promise<QrAnswer> {
  const { hosts } = input;
  const asked = new URL(shortLinkUrl(input.baseUrl, input.slug)).pathname;
  if (input.domain !== undefined) {
    const chosen = chosenHost(hosts, input.domain);
    if (typeof chosen !== "string") return { problem: chosen, usage: true };
  }
  // The host asked for as written (an alias answers as itself), else every host with own links;
  // an instance that lists no hosts answers on base_url's alone, as it always has.
  const candidates = !hosts.declared
    ? [hosts.defaultHost]
    : input.domain !== undefined
      ? [asciiHost(input.domain) ?? input.domain]
      : hosts.listed.filter((h) => !hosts.aliasOf.has(h));
  const answers: { host: string; e: Explanation; refused?: Diagnostic }[] = [];
  for (const host of candidates) {
    const on = hosts.declared ? host : undefined;
    const answer = await answerOn(input.explain, asked, on, input.private === true);
    if (answer.e.match || answer.refused) answers.push({ host, ...answer });
  }
  if (answers.length === 0) return { miss: asked };
  if (answers.length > 1) {
    const first = answers[0].e.match ?? { file: "custom/links", line: 0 };
    const on = answers.map((a) => a.host);
    return { problem: severalHosts(JSON.stringify(input.slug), on, first), usage: true };
  }
  const [{ e, refused, host }] = answers;
  if (refused) return { problem: refused };
  const match = e.match!;
  const base = hostBaseUrl(input.baseUrl, host, hosts.defaultHost);
  const url = shortLinkUrl(base, match.kind === "exact" ? match.slug : asked);
  return { e: { ...e, match }, url };
}

async function answerOn(
  explain: Explain,
  path: string,
  host: string | undefined,
  allowPrivate: boolean,
): Promise<{ e: Explanation; refused?: Diagnostic }> {
  const e = await explain({ path, domain: host });
  if (e.match || e.zone === undefined) return { e };
  const inside = await explain({ path, domain: host, as: {} });
  if (!inside.match || allowPrivate) return { e: inside };
  return {
    e: inside,
    refused: diag(
      "SL539",
      { file: inside.match.file, line: inside.match.line },
      `${inside.match.slug} is a private link (zone ${e.zone}): it opens only for people signed in through Cloudflare Access`,
      "pass --private to print its code anyway, for people of the zone",
    ),
  };
}
