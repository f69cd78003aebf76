/**
 * The rules that protect published links (docs/diff.md):
 * SL801 a link active at BASE is gone (its row removed, or its path no longer reaching it);
 * SL802 a slug retired at BASE, or recorded as removed there, comes back with another destination;
 * SL803 a permanent (301/308) redirect's target changes (browsers cache those answers);
 * SL537 a private link becomes public (docs/private-links.md).
 * Each may be acknowledged in custom/acknowledgements.yaml with a reason; an acknowledgement
 * counts in the change that adds it (SL805 shows it), and one that is not needed is SL806.
 */
import type {
  Acknowledgement,
  ProtectionRule,
} from "../../stages/1-sources/custom/acknowledgements.js";
import { diag, type Diagnostic, type Place } from "../../shared/diagnostics.js";
import { parseSlug } from "../../stages/2-validate/slugs.js";
import type { LinkComparison } from "./compare-links.js";
import { matchView, type HeadAnswer, type RoutingResult } from "./routing.js";
import type { Resolution } from "../../../runtime/resolve.js";
import { PERMANENT_STATUSES, type LinkRecord } from "../../../runtime/contract/index.js";
import { dropsRemainder } from "../../../runtime/location.js";
import { outcomeText } from "./describe.js";
import { caseKeptKey, linkId } from "../../shared/link-identity.js";
import { outcomeOf, type Side } from "./side.js";
import { ACKNOWLEDGEMENTS_FILE } from "../../shared/paths.js";

interface Finding {
  rule: ProtectionRule;
  /** Normalised identity of the slug the rule is about: `kind\nkey`. */
  id: string;
  slug: string;
  at: Place;
  message: string;
  hint: string;
}

const PERMANENT: ReadonlySet<number> = new Set(PERMANENT_STATUSES);

function slugId(slug: string, caseSensitive: boolean): string | undefined {
  const parsed = parseSlug(slug, caseSensitive);
  return parsed.ok ? linkId(parsed) : undefined;
}

const ackHint = (rule: ProtectionRule, slug: string) =>
  `or say it is on purpose in ${ACKNOWLEDGEMENTS_FILE}: - { slug: ${slug}, rules: [${rule}], reason: "..." }`;

const answerOf = (r: Resolution): HeadAnswer => ({
  link: r.link,
  match: matchView(r),
  outcome: outcomeOf(r),
});

/**
 * SL801: an active link at BASE whose row is gone (whatever its path answers now: a 404, or a
 * splat's other destination), or, when site.yaml changed how paths match, whose own path no longer
 * reaches it.
 */
async function goneLinks(base: Side, head: Side, c: LinkComparison, r: RoutingResult, now: Date) {
  const findings: Finding[] = [];
  const removed = new Set(c.removed);
  const hint = (slug: string) =>
    `retire it instead (state: retired keeps a tombstone page), ${ackHint("SL801", slug)}`;
  for (const link of base.tables.links) {
    if (link.state !== "active" || (!removed.has(link) && !r.settingsChanged)) continue;
    const partner = c.headOf.get(link);
    for (const path of new Set(["/" + caseKeptKey(link), "/" + link.key])) {
      const after = r.headAnswers.get(path) ?? answerOf(await head.resolve(path, now));
      if (partner && after.link === partner) continue;
      const answer = outcomeText(after.outcome);
      const via = after.match ? ` (${after.match.kind} link ${after.match.slug})` : "";
      findings.push({
        rule: "SL801",
        id: linkId(link),
        slug: link.slug,
        at: partner ?? { file: link.file, line: link.line },
        message: partner
          ? `link "${link.slug}" no longer answers ${path}, which now gets ${answer}${via} (site.yaml changed how paths match)`
          : `link "${link.slug}" (this row at BASE) was active and is gone: ${path} now gets ${answer}${via}`,
        hint: partner
          ? `keep site.yaml's matching as it was, ${ackHint("SL801", link.slug)}`
          : hint(link.slug),
      });
      break;
    }
  }
  return findings;
}

function reusedAndRetargeted(base: Side, c: LinkComparison, baseAcks: Acknowledgement[]) {
  const findings: Finding[] = [];
  const remainderOf = (link: LinkRecord) => (dropsRemainder(link) ? "drop" : "append");
  for (const [before, after] of c.headOf.distinct) {
    const retargeted = before.target !== after.target;
    if (!retargeted && remainderOf(before) === remainderOf(after)) continue;
    if (retargeted && before.state === "retired" && after.state !== "retired")
      findings.push({
        rule: "SL802",
        id: linkId(after),
        slug: after.slug,
        at: after,
        message: `link "${after.slug}" was retired at BASE (target ${before.target}) and comes back as ${after.state}, pointing to ${after.target}`,
        hint: `visitors holding the old link now land somewhere else: pick a new slug, ${ackHint("SL802", after.slug)}`,
      });
    if (PERMANENT.has(before.status))
      findings.push({
        rule: "SL803",
        id: linkId(after),
        slug: after.slug,
        at: after,
        message: `link "${after.slug}" is a permanent redirect (${before.status}) at BASE; ${
          retargeted
            ? `its target changes from ${before.target} to ${after.target}`
            : `its remainder changes from ${remainderOf(before)} to ${remainderOf(after)}, so the paths below it lead elsewhere`
        }, but browsers keep serving the cached answer`,
        hint: `add a new slug for the new target, ${ackHint("SL803", after.slug)}`,
      });
  }
  // Removals acknowledged at BASE are the record of removed slugs.
  const removedAtBase = new Set(
    baseAcks
      .filter((a) => a.rules.includes("SL801"))
      .map((a) => slugId(a.slug, base.caseSensitive)),
  );
  for (const link of c.added) {
    if (!removedAtBase.has(slugId(link.slug, base.caseSensitive))) continue;
    findings.push({
      rule: "SL802",
      id: linkId(link),
      slug: link.slug,
      at: link,
      message: `link "${link.slug}" was removed before BASE (${ACKNOWLEDGEMENTS_FILE} records it) and comes back, pointing to ${link.target}`,
      hint: `visitors holding the old link now land somewhere else: pick a new slug, ${ackHint("SL802", link.slug)}`,
    });
  }
  return findings;
}

/**
 * SL802 through another link: a slug retired at BASE, or whose removal BASE records, whose path is
 * now answered by a redirect of some other link (a splat above it, most often) to another
 * destination than the retired link's. The slug's own return is reusedAndRetargeted's.
 */
async function takenOver(base: Side, head: Side, r: RoutingResult, now: Date): Promise<Finding[]> {
  const protectedPaths: { id: string; slug: string; path: string; before?: string; why: string }[] =
    [];
  for (const link of base.tables.links)
    if (link.state === "retired")
      protectedPaths.push({
        id: linkId(link),
        slug: link.slug,
        path: "/" + caseKeptKey(link),
        before: link.target,
        why: `was retired at BASE (target ${link.target})`,
      });
  for (const ack of base.tables.acknowledgements) {
    const parsed = parseSlug(ack.slug, base.caseSensitive);
    if (!ack.rules.includes("SL801") || !parsed.ok) continue;
    protectedPaths.push({
      id: linkId(parsed),
      slug: ack.slug,
      path: "/" + caseKeptKey({ kind: parsed.kind, slug: ack.slug }),
      why: `was removed before BASE (${ACKNOWLEDGEMENTS_FILE} records it)`,
    });
  }
  const findings: Finding[] = [];
  for (const p of protectedPaths) {
    const after = r.headAnswers.get(p.path) ?? answerOf(await head.resolve(p.path, now));
    const { link, outcome } = after;
    if (!link || outcome.location === undefined || linkId(link) === p.id) continue;
    if (p.before !== undefined && outcome.location === p.before) continue;
    findings.push({
      rule: "SL802",
      id: p.id,
      slug: p.slug,
      at: link,
      message: `link "${p.slug}" ${p.why}; ${p.path} is now answered by ${link.kind} link "${link.slug}", pointing to ${outcome.location}`,
      hint: `visitors holding the old link now land somewhere else: narrow "${link.slug}", ${ackHint("SL802", p.slug)}`,
    });
  }
  return findings;
}

/**
 * SL537: a link private at BASE (inside an access zone) is public at HEAD: its zone's prefix
 * changed, or the link moved out from under it. Whoever follows it needs no sign-in any more.
 */
function madePublic(c: LinkComparison): Finding[] {
  const findings: Finding[] = [];
  for (const [before, after] of c.headOf.distinct)
    if (before.zone !== undefined && after.zone === undefined)
      findings.push({
        rule: "SL537",
        id: linkId(after),
        slug: after.slug,
        at: after,
        message: `link "${after.slug}" was private at BASE (zone ${before.zone}) and becomes public: anyone can follow it, and the lookup shows it`,
        hint: `keep it under the zone's prefix, ${ackHint("SL537", after.slug)}`,
      });
  return findings;
}

export async function protectPublishedLinks(options: {
  base: Side;
  head: Side;
  comparison: LinkComparison;
  routing: RoutingResult;
  now: Date;
}): Promise<Diagnostic[]> {
  const { base, head, comparison, routing, now } = options;
  const baseAcks = base.tables.acknowledgements;
  const findings = [
    ...(await goneLinks(base, head, comparison, routing, now)),
    ...reusedAndRetargeted(base, comparison, baseAcks),
    ...(await takenOver(base, head, routing, now)),
    ...madePublic(comparison),
  ];
  // An acknowledgement counts in the change that adds it: one already at BASE was for an earlier change.
  const known = new Set(
    baseAcks.flatMap((a) => a.rules.map((r) => ackKey(a, r, head.caseSensitive))),
  );
  const fresh = head.tables.acknowledgements.flatMap((a) =>
    a.rules
      .filter((rule) => !known.has(ackKey(a, rule, head.caseSensitive)))
      .map((rule) => ({
        ack: a,
        rule,
        // A removed link is named as BASE normalised it.
        id: slugId(a.slug, rule === "SL801" ? base.caseSensitive : head.caseSensitive),
        used: false,
      })),
  );
  const problems: Diagnostic[] = [];
  for (const f of findings) {
    const ack = fresh.find((a) => a.rule === f.rule && a.id === f.id);
    if (!ack) {
      problems.push(diag(f.rule, f.at, f.message, f.hint));
      continue;
    }
    ack.used = true;
    problems.push(
      diag(
        "SL805",
        { file: ack.ack.file, line: ack.ack.line },
        `${f.rule} acknowledged for "${f.slug}": ${ack.ack.reason} (${f.message})`,
      ),
    );
  }
  for (const a of fresh.filter((a) => !a.used))
    problems.push(
      diag(
        "SL806",
        { file: a.ack.file, line: a.ack.line },
        `acknowledgement of ${a.rule} for "${a.ack.slug}" is not needed: this change does not break ${a.rule} for that slug`,
        "remove it, or check the slug",
      ),
    );
  return problems;
}

function ackKey(a: Acknowledgement, rule: ProtectionRule, caseSensitive: boolean): string {
  return `${slugId(a.slug, caseSensitive) ?? a.slug}\n${rule}\n${a.reason}`;
}
