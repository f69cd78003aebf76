/**
 * Target rules (specification rules 1-12): one module, used unchanged by the compiler (build,
 * check, add) and by the runtime (every redirect, splat results included). It judges what a
 * browser would reach: the target is parsed with the WHATWG URL parser and the rules run on
 * the parsed form (scheme, userinfo, host, path), so every alternative spelling folds first.
 */
import type { Blocklist, TargetAllowance } from "../contract/index.js";
import { intranetName, matchHost, stripTrailingDots } from "./hosts.js";
import { blockedExtension } from "./extensions.js";
import { classifyAddress, parseIPv4, parseIPv6 } from "./ip.js";
import { metadataAddress, metadataName } from "./metadata.js";
import { blockedKeyword, refuseKeyword } from "./keywords.js";
import { listedTarget, type IntranetTargets } from "./intranet.js";
import {
  ALLOWABLE_RULES,
  CONTROL,
  describeControl,
  refuse,
  ruleCode,
  ruleOfName,
} from "./rules.js";
import type { TargetFailure, TargetParts } from "./rules.js";

export {
  encodePathSegment,
  expandSplat,
  expandTarget,
  splatTemplateProblem,
  templateProblem,
  SPLAT_PLACEHOLDER,
  type TemplateValues,
} from "./splat.js";
export { INVISIBLE_CODE_POINTS, INVISIBLE_UNICODE_VERSION } from "./invisible.js";
export {
  ALLOWABLE_RULES,
  CONTROL,
  denyCategory,
  describeControl,
  RULE_TITLES,
  ruleCode,
  ruleOfName,
  type RuleNumber,
  type TargetFailure,
  type TargetRuleCode,
} from "./rules.js";
export { BLOCKED_RANGES, classifyAddress, parseIPv4, parseIPv6, type AddressRange } from "./ip.js";
export { INTRANET_SUFFIXES, intranetName, matchHost } from "./hosts.js";
export { blockedExtension } from "./extensions.js";
export { blockedKeyword, keywordText, KEYWORD_RULE, KEYWORD_RULE_TITLE } from "./keywords.js";
export {
  intranetTargets,
  listedTarget,
  parseAddress,
  parseTargetEntry,
  type IntranetTargets,
  type TargetEntry,
} from "./intranet.js";
export {
  fillUser,
  hasUserPlaceholder,
  userTemplateProblem,
  USER_PLACEHOLDERS,
} from "./identity.js";
export {
  METADATA_ENDPOINTS,
  metadataAddress,
  metadataName,
  type MetadataEndpoint,
} from "./metadata.js";

export type TargetPolicy = Pick<
  Blocklist,
  "shorteners" | "lure_domains" | "blocked_hosts" | "blocked_extensions" | "blocked_keywords"
>;

export type TargetVerdict =
  | {
      ok: true;
      url: string;
      /** Codes of the rules a per-link allowance opened. */ allowed?: string[];
    }
  | TargetFailure;

interface PolicySets {
  shorteners: ReadonlySet<string>;
  lures: ReadonlySet<string>;
  blocked: ReadonlySet<string>;
  extensions: string[];
}

const lists = (entries: readonly string[]) =>
  new Set(entries.map((e) => stripTrailingDots(e.toLowerCase())));
const POLICY_CACHE = new WeakMap<TargetPolicy, PolicySets>();

function setsOf(policy: TargetPolicy): PolicySets {
  let sets = POLICY_CACHE.get(policy);
  if (!sets) {
    sets = {
      shorteners: lists(policy.shorteners),
      lures: lists(policy.lure_domains),
      blocked: lists(policy.blocked_hosts),
      extensions: policy.blocked_extensions.map((e) => e.toLowerCase()),
    };
    POLICY_CACHE.set(policy, sets);
  }
  return sets;
}

const NO_RULES: ReadonlySet<number> = new Set();

/** The rules an allowance opens: only allowable rules, and only with a reason. */
function openedRules(allow: TargetAllowance | undefined): ReadonlySet<number> {
  if (!allow || typeof allow.reason !== "string" || allow.reason.trim() === "") return NO_RULES;
  const opened = new Set<number>();
  for (const name of allow.rules ?? []) {
    const rule = ruleOfName(String(name));
    if (rule !== null && ALLOWABLE_RULES.includes(rule)) opened.add(rule);
  }
  return opened;
}

const SCHEME = /^[\s]*([a-z][a-z0-9+.-]*):/i;
// The raw authority: after the scheme and any run of slashes or backslashes, up to / \ ? #.
const RAW_AUTHORITY = /^\s*[a-z][a-z0-9+.-]*:[/\\]*([^/\\?#]*)/i;

function parse(target: string): URL | TargetFailure {
  try {
    return new URL(target);
  } catch {
    const scheme = SCHEME.exec(target)?.[1].toLowerCase();
    if (scheme === "http" || scheme === "https")
      return refuse(
        3,
        "the URL has no valid host (empty or malformed host, zone id, out-of-range address or port)",
      );
    if (scheme) return refuse(5, `protocol "${scheme}:" is not allowed; use http: or https:`);
    return refuse(1, "the target is not an absolute http(s) URL (relative or scheme-relative)");
  }
}

/**
 * What the host alone decides for a link without allowance or zone: its refusal, or null. A build
 * judges many targets on one host; the compiler keeps each host's answer in one of these.
 */
export type HostVerdicts = Map<string, TargetFailure | null>;

/**
 * What a compile keeps from one target to the next (the runtime keeps none): each host's verdict,
 * and `parse`, the parts of a target that needs no URL parser (lib/stages/2-validate/
 * plain-target.ts), undefined for any other, which `new URL` parses.
 */
export interface TargetMemo {
  hosts: HostVerdicts;
  parse(target: string): TargetParts | undefined;
}

/**
 * `allow` is a per-link allowance; `intranet` a private zone's allow_targets (docs/private-links.md).
 * Either opens rules 6 and 7 for what they may open, never a metadata endpoint. `memo`: what the
 * compiler keeps from one target to the next; a host's verdict is kept only when neither is given.
 */
export function checkTarget(
  target: string,
  policy: TargetPolicy,
  allow?: TargetAllowance,
  intranet?: IntranetTargets,
  memo?: TargetMemo,
): TargetVerdict {
  // A plain target holds no control character and parses as written.
  let url = memo?.parse(target);
  if (url === undefined) {
    if (CONTROL.test(target))
      return refuse(
        4,
        `the target holds a control or invisible character (${describeControl(target)})`,
      );
    const parsed = parse(target);
    if (!(parsed instanceof URL)) return parsed;
    url = parsed;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return refuse(5, `protocol "${url.protocol}" is not allowed; use http: or https:`);
  if (
    url.username !== "" ||
    url.password !== "" ||
    (target.includes("@") && RAW_AUTHORITY.exec(target)?.[1].includes("@"))
  )
    return refuse(2, "the URL carries userinfo (user:password@) before the host");
  const host = url.hostname;
  if (stripTrailingDots(host) === "") return refuse(3, "the URL has no hostname");
  const opened = openedRules(allow);
  const used: number[] = [];
  const sets = setsOf(policy);
  const hosts = opened.size === 0 && intranet === undefined ? memo?.hosts : undefined;
  let refused = hosts?.get(host);
  if (refused === undefined) {
    refused = hostRefusal(host, sets, opened, intranet, used) ?? null;
    hosts?.set(host, refused);
  }
  if (refused) return refused;
  const executable = blockedExtension(url.pathname, sets.extensions);
  if (executable)
    return refuse(
      10,
      `path segment "${executable.segment}" ends in ${executable.extension}, an executable download`,
    );
  const keyword = blockedKeyword(url, policy.blocked_keywords);
  if (keyword) return refuseKeyword(keyword);
  return used.length
    ? { ok: true, url: url.href, allowed: used.map(ruleCode) }
    : { ok: true, url: url.href };
}

/** Rules 6-9 on the host; the rules an allowance opened for it are pushed on `used`. */
function hostRefusal(
  host: string,
  sets: PolicySets,
  opened: ReadonlySet<number>,
  intranet: IntranetTargets | undefined,
  used: number[],
): TargetFailure | undefined {
  const address = host.startsWith("[") ? parseIPv6(host) : parseIPv4(host);
  const metadata = address ? metadataAddress(address) : metadataName(host);
  if (metadata)
    return refuse(
      address ? 7 : 6,
      `${host} is a cloud metadata endpoint (${metadata.provider}); no allowance opens it`,
    );
  // A host the zone lists needs no allowance: `allowed` names only what an allowance opened.
  const listed = intranet !== undefined && listedTarget(host, address, intranet);
  if (address) {
    const range = classifyAddress(address);
    if (range && !(range.allowable && (listed || opened.has(7))))
      return refuse(7, `${host}: ${range.name} (${range.cidr})`);
    if (range && !listed) used.push(7);
  } else {
    const name = intranetName(host);
    if (name && !(name.allowable && (listed || opened.has(6)))) return refuse(6, name.why);
    if (name && !listed) used.push(6);
  }
  // Listed hosts: names with every subdomain; address entries (blocked_hosts) match exactly.
  const shortener = matchHost(host, sets.shorteners);
  if (shortener)
    return refuse(8, `${host} is a public shortener (${shortener}) that hides the destination`);
  const lure = matchHost(host, sets.lures);
  if (lure) return refuse(9, `${host} is a known phishing-lure domain (${lure})`, "phishing");
  const blocked = matchHost(host, sets.blocked);
  if (blocked) return refuse(9, `${host} is a blocked host (${blocked})`, "blocked");
  return undefined;
}
