/**
 * site.yaml `access.zones` after its shape (SL530 there): each prefix a slug path clear of the
 * product's paths and static files (SL531), no two zones on one prefix and no nesting across auds
 * (SL532), every allow_targets entry one that can open something (SL533). The result is the
 * compiled form the runtime reads (site config `access_zones`), longest prefix first.
 */
import type { AccessZone } from "../../../runtime/contract/index.js";
import {
  classifyAddress,
  intranetName,
  metadataAddress,
  metadataName,
  parseTargetEntry,
  type TargetEntry,
} from "../../../runtime/targets/index.js";
import { foldCase } from "../../../runtime/case-fold.js";
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import type { ZoneInput } from "../1-sources/site/site-schema.js";
import { SITE_FILE } from "../../shared/paths.js";
import { appendAll } from "../../shared/lists.js";
import { parseSlug, shadowedReservedPath } from "./slugs.js";

export interface ZonesInput {
  zones: readonly ZoneInput[];
  lineOf: (path: readonly PropertyKey[]) => number;
  /** Every key a public static file answers on, case-folded (validate-links.ts, staticKeys). */
  staticKeys: ReadonlySet<string>;
}

export function checkAccessZones(input: ZonesInput): {
  zones: AccessZone[];
  diagnostics: Diagnostic[];
} {
  const diagnostics: Diagnostic[] = [];
  const at = (index: number, ...field: PropertyKey[]) => ({
    file: SITE_FILE,
    line: input.lineOf(["access", "zones", index, ...field]),
  });
  const zones: (AccessZone & { index: number })[] = [];
  const names = new Map<string, number>();
  input.zones.forEach((zone, index) => {
    const subject = `access zone ${JSON.stringify(zone.name)}`;
    const seen = names.get(zone.name);
    if (seen !== undefined) {
      diagnostics.push(
        diag("SL530", at(index, "name"), `${subject}: the name is used by zone ${seen + 1} too`),
      );
      return;
    }
    names.set(zone.name, index);
    const prefix = prefixKey(zone.prefix);
    if (!prefix.ok) {
      diagnostics.push(diag("SL530", at(index, "prefix"), `${subject}: prefix ${prefix.why}`));
      return;
    }
    const covered = coveredPath(prefix.key, input.staticKeys);
    if (covered) {
      diagnostics.push(
        diag(
          "SL531",
          at(index, "prefix"),
          `${subject}: prefix /${prefix.key} covers ${covered}`,
          "pick a prefix of short links only, such as /staff",
        ),
      );
      return;
    }
    const targets: string[] = [];
    (zone.allow_targets ?? []).forEach((entry, i) => {
      const checked = checkTargetEntry(entry);
      if (checked.ok) targets.push(checked.value);
      else
        diagnostics.push(
          diag(
            "SL533",
            at(index, "allow_targets", i),
            `${subject}: allow_targets entry ${JSON.stringify(entry)}: ${checked.why}`,
          ),
        );
    });
    const compiled: AccessZone & { index: number } = {
      name: zone.name,
      prefix: prefix.key,
      aud: zone.aud,
      index,
    };
    if (targets.length > 0) compiled.allow_targets = [...new Set(targets)];
    zones.push(compiled);
  });
  appendAll(diagnostics, overlaps(zones, at));
  const sorted = zones.sort((a, b) => b.prefix.length - a.prefix.length || a.index - b.index);
  return { zones: sorted.map(({ index: _index, ...zone }) => zone), diagnostics };
}

/** `/staff`, `staff/`, `Team/HR` as a lookup key (case-folded, no slashes at the ends). */
function prefixKey(prefix: string): { ok: true; key: string } | { ok: false; why: string } {
  const body = prefix.replace(/^\/+|\/+$/g, "");
  if (body === "")
    return { ok: false, why: `"${prefix}" covers every path; name a folder such as /staff` };
  if (body.endsWith("*"))
    return { ok: false, why: "is a path, not a splat: write /staff, not /staff/*" };
  const parsed = parseSlug(body, false);
  if (!parsed.ok) return { ok: false, why: `"${prefix}": ${parsed.reason}` };
  return { ok: true, key: foldCase(parsed.key) };
}

/** The product path or static file a zone at `key` would cover, or undefined. */
function coveredPath(key: string, staticKeys: ReadonlySet<string>): string | undefined {
  const reserved = shadowedReservedPath(key);
  if (reserved) return `${reserved}, which belongs to the product`;
  for (const file of staticKeys)
    if (file === key || file.startsWith(key + "/")) return `the static file /${file}`;
  return undefined;
}

type Placed = AccessZone & { index: number };

function overlaps(
  zones: readonly Placed[],
  at: (index: number, ...field: PropertyKey[]) => { file: string; line: number },
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const [i, a] of zones.entries())
    for (const b of zones.slice(i + 1)) {
      const [outer, inner] = a.prefix.length <= b.prefix.length ? [a, b] : [b, a];
      const nested = inner.prefix === outer.prefix || inner.prefix.startsWith(outer.prefix + "/");
      if (!nested) continue;
      if (inner.prefix === outer.prefix)
        out.push(
          diag(
            "SL532",
            at(inner.index, "prefix"),
            `access zones "${outer.name}" and "${inner.name}" share the prefix /${inner.prefix}`,
            "merge them into one zone",
          ),
        );
      else if (inner.aud !== outer.aud)
        out.push(
          diag(
            "SL532",
            at(inner.index, "prefix"),
            `access zone "${inner.name}" (/${inner.prefix}) lies inside zone "${outer.name}" (/${outer.prefix}) with another aud`,
            "one Access application guards a path and everything below it: give both the same aud, or move one",
          ),
        );
    }
  return out;
}

type Checked = { ok: true; value: string } | { ok: false; why: string };

/** An allow_targets entry in its canonical form, or why it can never open a target. */
export function checkTargetEntry(entry: string): Checked {
  const parsed = parseTargetEntry(entry);
  if (!parsed || /[\s?#@\\]/.test(entry.trim()))
    return { ok: false, why: "expected a host name (wiki.corp) or a CIDR (10.20.0.0/16)" };
  return parsed.kind === "range" ? checkRange(parsed) : checkName(parsed.host);
}

function checkRange(range: Extract<TargetEntry, { kind: "range" }>): Checked {
  const { bytes, bits } = range;
  const v4 = bytes.length === 4;
  const masked = bytes.map((byte, i) => {
    const keep = Math.max(0, Math.min(8, bits - i * 8));
    return byte & ((0xff << (8 - keep)) & 0xff);
  });
  const text = v4 ? masked.join(".") : ipv6Text(masked);
  if (masked.some((byte, i) => byte !== bytes[i]))
    return { ok: false, why: `the address has bits set past /${bits}: write ${text}/${bits}` };
  if (bits === bytes.length * 8 && metadataAddress(bytes))
    return { ok: false, why: "a cloud metadata endpoint: no zone opens it" };
  const special = classifyAddress(bytes);
  if (special && !special.allowable)
    return { ok: false, why: `${special.name} (${special.cidr}) is never opened` };
  if (special && bits < Number(special.cidr.split("/")[1]))
    return { ok: false, why: `wider than the ${special.name} range ${special.cidr}` };
  if (!special && bits < (v4 ? 8 : 16))
    return { ok: false, why: `/${bits} is wider than any one network: list the ranges you use` };
  return { ok: true, value: bits === bytes.length * 8 ? text : `${text}/${bits}` };
}

function checkName(name: string): Checked {
  let host: string;
  try {
    host = new URL(`http://${name}/`).hostname.replace(/\.+$/, "");
  } catch {
    return { ok: false, why: "not a valid host name" };
  }
  if (host === "" || host.startsWith("[")) return { ok: false, why: "not a valid host name" };
  if (metadataName(host)) return { ok: false, why: "a cloud metadata endpoint: no zone opens it" };
  const intranet = intranetName(host);
  if (intranet && !intranet.allowable) return { ok: false, why: `${intranet.why}: never opened` };
  return { ok: true, value: host };
}

function ipv6Text(bytes: readonly number[]): string {
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i] << 8) | bytes[i + 1]).toString(16));
  return new URL(`http://[${groups.join(":")}]/`).hostname.slice(1, -1);
}
