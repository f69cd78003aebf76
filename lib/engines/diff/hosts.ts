/**
 * Destinations whose host changed. A change of registrable domain (tldts, private suffixes such
 * as github.io counted, so `alice.github.io` -> `bob.github.io` is another owner) is flagged louder:
 * the link now sends visitors to someone else.
 */
import { getDomain } from "tldts";
import type { LinkRecord } from "../../../runtime/contract/index.js";

export interface HostChange {
  slug: string;
  before: string;
  after: string;
  /** The registrable domain changed (or the host is an address and changed). */
  domain_changed: boolean;
  file: string;
  line: number;
}

/** The host of a target URL; empty when it is not one. */
export function hostOf(target: string): string {
  try {
    return new URL(target).hostname;
  } catch {
    return "";
  }
}

function domainOf(host: string): string {
  return getDomain(host, { allowPrivateDomains: true }) ?? host;
}

export function hostChanges(pairs: ReadonlyMap<LinkRecord, LinkRecord>): HostChange[] {
  const changes: HostChange[] = [];
  for (const [before, after] of pairs) {
    if (before.target === after.target) continue;
    const [was, is] = [hostOf(before.target), hostOf(after.target)];
    if (was === is) continue;
    changes.push({
      slug: after.slug,
      before: was,
      after: is,
      domain_changed: domainOf(was) !== domainOf(is),
      file: after.file,
      line: after.line,
    });
  }
  return changes.sort((a, b) => Number(b.domain_changed) - Number(a.domain_changed) || cmp(a, b));
}

function cmp(a: HostChange, b: HostChange): number {
  return a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0;
}
