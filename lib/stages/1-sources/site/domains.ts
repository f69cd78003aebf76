/**
 * `site.yaml: domains` (docs/domains.md): the hosts one instance answers on, the default first.
 * Each entry is a host name, or a mapping with `host` and optionally `alias_of`, `root`,
 * `not_found` and `access_aud`. Hosts are compared as the worker compares a request's Host:
 * lower case, IDN in its ASCII form, no port, no trailing dot.
 */
import { domainToASCII } from "node:url";
import { z } from "zod";
import { diag, type Diagnostic } from "../../../shared/diagnostics.js";
import { appendAll } from "../../../shared/lists.js";

const text = (what: string) =>
  z.string({ error: `expected ${what}` }).min(1, { error: `expected ${what}` });

export const DOMAIN_ENTRY_SCHEMA = z.union(
  [
    text("a host name such as go.example.com"),
    z.strictObject({
      host: text("a host name such as go.example.com"),
      alias_of: text("the host name this one answers like").optional(),
      root: text("the URL that / redirects to").optional(),
      not_found: text("the URL that misses redirect to").optional(),
      access_aud: text("the AUD tag of this host's Access application").optional(),
    }),
  ],
  { error: "expected a host name, or a mapping with host and optional alias_of, root, not_found" },
);

export type DomainEntryInput = z.output<typeof DOMAIN_ENTRY_SCHEMA>;

/** One host as the compiler uses it. */
export interface Domain {
  /** ASCII, lower case. */
  host: string;
  /** As written in site.yaml (an IDN in Unicode, for messages). */
  written: string;
  alias_of?: string;
  root?: string;
  not_found?: string;
  access_aud?: string;
  /** The entry's line in custom/site.yaml. */
  line: number;
  /** The line of each field of the entry (root, not_found, alias_of). */
  fieldLines: Record<string, number>;
}

/**
 * A host name as the worker sees it, or null: lower case, IDN in ASCII (punycode), one trailing
 * dot dropped, at least two labels of letters, digits and hyphens, no port, path or wildcard.
 */
export function asciiHost(written: string): string | null {
  const bare = written.trim().replace(/\.$/, "");
  if (bare === "" || /[/:@*?#\s\\[\]]/.test(bare)) return null;
  const ascii = domainToASCII(bare);
  if (ascii === "" || ascii.length > 253) return null;
  const labels = ascii.split(".");
  if (labels.length < 2) return null;
  const label = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
  if (!labels.every((l) => label.test(l))) return null;
  // An address is not a host one can put a custom domain on.
  if (labels.every((l) => /^\d+$/.test(l))) return null;
  return ascii;
}

export interface CheckedDomains {
  /** Absent when site.yaml lists no domains. */
  domains?: Domain[];
  diagnostics: Diagnostic[];
}

/**
 * The listed hosts, checked: each a host name (SL520) listed once (SL520); the first one
 * `base_url`'s host (SL521); `alias_of` names another listed host that is no alias itself, and the
 * default host is no alias (SL522). Targets of root and not_found are checked with the links
 * (lib/stages/2-validate/domains.ts), against the target rules.
 */
export function checkDomains(input: {
  entries: readonly DomainEntryInput[] | undefined;
  baseUrl: string;
  file: string;
  lineOf: (path: readonly PropertyKey[]) => number;
}): CheckedDomains {
  if (input.entries === undefined) return { diagnostics: [] };
  const diagnostics: Diagnostic[] = [];
  const domains: Domain[] = [];
  const seen = new Map<string, number>();
  input.entries.forEach((entry, index) => {
    const fields = typeof entry === "string" ? { host: entry } : entry;
    const line = input.lineOf(["domains", index]);
    const at = { file: input.file, line };
    const host = asciiHost(fields.host);
    if (host === null) {
      diagnostics.push(
        diag(
          "SL520",
          at,
          `domains: ${JSON.stringify(fields.host)} is not a host name`,
          "write the bare host, such as go.example.com: no scheme, port, path or wildcard",
        ),
      );
      return;
    }
    const first = seen.get(host);
    if (first !== undefined) {
      diagnostics.push(
        diag("SL520", at, `domains: ${host} is listed twice (first at line ${first})`),
      );
      return;
    }
    seen.set(host, line);
    const fieldLines: Record<string, number> = {};
    for (const key of ["alias_of", "root", "not_found", "access_aud"])
      fieldLines[key] = input.lineOf(["domains", index, key]);
    const domain: Domain = { host, written: fields.host, line, fieldLines };
    if (typeof entry !== "string") {
      if (entry.alias_of !== undefined)
        domain.alias_of = asciiHost(entry.alias_of) ?? entry.alias_of;
      if (entry.root !== undefined) domain.root = entry.root;
      if (entry.not_found !== undefined) domain.not_found = entry.not_found;
      if (entry.access_aud !== undefined) domain.access_aud = entry.access_aud;
    }
    domains.push(domain);
  });
  const baseHost = hostOfUrl(input.baseUrl);
  if (domains.length > 0 && domains[0].host !== baseHost)
    diagnostics.push(
      diag(
        "SL521",
        { file: input.file, line: input.lineOf(["domains", 0]) },
        `domains: the first host is the default and must be base_url's host (${baseHost}), found ${domains[0].host}`,
        "list base_url's host first, or change base_url",
      ),
    );
  appendAll(diagnostics, aliasProblems(domains, input.file));
  // The hosts that could be read, even beside an error: links placed on them are judged still.
  return { domains, diagnostics };
}

function aliasProblems(domains: readonly Domain[], file: string): Diagnostic[] {
  const byHost = new Map(domains.map((d) => [d.host, d]));
  const problems: Diagnostic[] = [];
  domains.forEach((domain, index) => {
    if (domain.alias_of === undefined) return;
    const at = { file, line: domain.fieldLines.alias_of ?? domain.line };
    const target = byHost.get(domain.alias_of);
    const why =
      index === 0
        ? "the default host (the first) answers with its own links and cannot be an alias"
        : target === undefined
          ? `${domain.alias_of} is not a host of this list`
          : target === domain
            ? "a host cannot be an alias of itself"
            : target.alias_of !== undefined
              ? `${domain.alias_of} is itself an alias (of ${target.alias_of})`
              : undefined;
    if (why)
      problems.push(
        diag(
          "SL522",
          at,
          `domains: ${domain.host}: alias_of: ${why}`,
          "alias_of names a listed host that has links of its own",
        ),
      );
  });
  return problems;
}

/** The hostname of an http(s) URL, ASCII and lower case ("" when it cannot be parsed). */
export function hostOfUrl(url: string): string {
  try {
    return new URL(url).hostname.replace(/\.$/, "");
  } catch {
    return "";
  }
}

/** The host whose links answer `host`: itself, or the host an alias names. */
export function registryHost(domains: readonly Domain[], host: string): string {
  return domains.find((d) => d.host === host)?.alias_of ?? host;
}
