/**
 * The mandatory response controls: headers every answer carries, whatever `_headers` says.
 * The compiler refuses a custom rule that removes or weakens one (SL402, lib/stages/4-assets/headers/
 * check-overrides.ts) and compiles the product's values into the site config
 * (`mandatory_headers`); the worker applies them after every rule and after its own headers
 * (headers.ts), so a response cannot leave without them. Each check judges the value a browser
 * would act on: joined values (`DENY, SAMEORIGIN`), the first of repeated CSP directives, the
 * last member of a Permissions-Policy dictionary.
 */

export interface MandatoryControl {
  /** Lower-case header name. */
  header: string;
  /** What must hold, for messages and docs. */
  keeps: string;
  /** Whether `value` keeps the control that `reference` (the product default) sets. */
  holds(value: string | undefined, reference: string): boolean;
}

/** Comma-separated tokens, trimmed and lower-cased; empty ones dropped. */
const tokens = (value: string) =>
  value
    .split(",")
    .map((t) => t.trim().toLowerCase())
    .filter((t) => t !== "");

/** Every token equals one of the reference's (browsers ignore conflicting repeated values). */
const onlyReferenceTokens = (value: string | undefined, reference: string) => {
  const allowed = new Set(tokens(reference));
  const got = tokens(value ?? "");
  return got.length > 0 && got.every((t) => allowed.has(t));
};

const maxAge = (directive: string) => /^max-age\s*=\s*"?(\d+)"?$/.exec(directive)?.[1];

/** Referrer policies at least as strict as strict-origin-when-cross-origin, ranked. */
const REFERRER_RANK: Readonly<Record<string, number>> = {
  "strict-origin-when-cross-origin": 1,
  "strict-origin": 2,
  "same-origin": 2,
  "no-referrer": 3,
};

/** Permissions-Policy members as a map, the last member of a name winning (structured fields). */
function permissionMembers(value: string): Map<string, string> | null {
  const members = new Map<string, string>();
  for (const member of value.split(",")) {
    const match = /^\s*([a-z][a-z0-9-]*)\s*=\s*(.*?)\s*$/i.exec(member);
    if (!match) return null;
    members.set(match[1].toLowerCase(), match[2].replace(/\s+/g, " ").toLowerCase());
  }
  return members;
}
const GRANTS_NOTHING_WIDER = new Set(["()", "(self)", "self"]);

/** Each policy of a CSP header value: directive name -> value, the first occurrence winning. */
function cspPolicies(value: string): Map<string, string>[] {
  return value.split(",").map((policy) => {
    const directives = new Map<string, string>();
    for (const part of policy.split(";")) {
      const [name, ...rest] = part.trim().toLowerCase().split(/\s+/);
      if (name && !directives.has(name)) directives.set(name, rest.join(" "));
    }
    return directives;
  });
}
const cspHas = (value: string, directive: string, allowed: readonly string[]) =>
  cspPolicies(value).some((p) => allowed.includes(p.get(directive) ?? "\u0000"));

export const MANDATORY_CONTROLS: readonly MandatoryControl[] = [
  {
    header: "x-generated-by",
    keeps: "the generator identity",
    holds: (value, reference) => value === reference,
  },
  {
    header: "x-robots-tag",
    keeps: "no-index (every token of the default kept)",
    holds: (value, reference) => {
      const got = new Set(tokens(value ?? ""));
      return got.has("none") || tokens(reference).every((t) => got.has(t));
    },
  },
  {
    header: "strict-transport-security",
    keeps:
      "host-only HSTS of at least the default max-age, one value, no includeSubDomains or preload",
    holds: (value, reference) => {
      if (value === undefined || value.includes(",")) return false;
      const directives = value
        .split(";")
        .map((d) => d.trim().toLowerCase())
        .filter(Boolean);
      const age = directives.length === 1 ? maxAge(directives[0]) : undefined;
      const floor = maxAge(reference.trim().toLowerCase()) ?? "31536000";
      return age !== undefined && Number(age) >= Number(floor);
    },
  },
  {
    header: "x-content-type-options",
    keeps: "nosniff",
    holds: onlyReferenceTokens,
  },
  {
    header: "x-frame-options",
    keeps: "DENY",
    holds: onlyReferenceTokens,
  },
  {
    header: "referrer-policy",
    keeps: "a referrer policy at least as strict as the default",
    holds: (value, reference) => {
      const got = tokens(value ?? "");
      if (got.length === 0 || !got.every((t) => t in REFERRER_RANK)) return false;
      const floor = tokens(reference).map((t) => REFERRER_RANK[t] ?? 3);
      return REFERRER_RANK[got[got.length - 1]] >= Math.max(...floor);
    },
  },
  {
    header: "permissions-policy",
    keeps: "every feature the default disables stays disabled, none granted beyond self",
    holds: (value, reference) => {
      const got = permissionMembers(value ?? "");
      const wanted = permissionMembers(reference);
      if (!got || !wanted) return false;
      for (const [feature, allow] of wanted) if (got.get(feature) !== allow) return false;
      return [...got.values()].every((allow) => GRANTS_NOTHING_WIDER.has(allow));
    },
  },
  {
    header: "content-security-policy",
    keeps: "a CSP with frame-ancestors 'none' and base-uri 'self'",
    holds: (value) =>
      value !== undefined &&
      cspHas(value, "frame-ancestors", ["'none'"]) &&
      cspHas(value, "base-uri", ["'self'", "'none'"]),
  },
];

/**
 * The mandatory headers for one merged rule set: each merged value that keeps its control,
 * the reference otherwise. Computed once per set of matching rules (headers.ts caches it).
 */
export function mandatoryValues(
  merged: ReadonlyMap<string, string | null>,
  references: Readonly<Record<string, string>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const control of MANDATORY_CONTROLS) {
    const reference = references[control.header];
    if (reference === undefined) continue;
    const value = merged.get(control.header) ?? undefined;
    // The product's own value is sent either way: no need to parse it (a cold isolate's first
    // answer would otherwise run every check for the first time).
    out[control.header] =
      value !== reference && control.holds(value, reference) ? (value as string) : reference;
  }
  return out;
}

/**
 * The controls at their strictest, for the one answer sent without a site configuration (its
 * files could not be read): a plain-text 503 needs no script, style, frame, referrer or feature.
 * The generator identity is added by the worker.
 */
export const BASELINE_HEADERS: Readonly<Record<string, string>> = {
  "x-robots-tag": "noindex, nofollow",
  "strict-transport-security": "max-age=31536000",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "referrer-policy": "no-referrer",
  "permissions-policy":
    "accelerometer=(), camera=(), geolocation=(), gyroscope=(), interest-cohort=(), magnetometer=(), microphone=(), payment=(), usb=()",
  "content-security-policy": "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
};
