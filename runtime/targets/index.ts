/**
 * Target rules (specification rules 1-12): one module, used by the compiler and the runtime.
 * Minimal first version: rules 1-5. Owned by the target-rules work (issue 3).
 */
import type { Blocklist, TargetAllowance } from "../types.js";

export type TargetPolicy = Pick<
  Blocklist,
  "shorteners" | "lure_domains" | "blocked_hosts" | "blocked_extensions"
>;

export type TargetVerdict =
  | { ok: true; url: string }
  | { ok: false; rule: number; code: string; message: string };

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

function refuse(rule: number, message: string): TargetVerdict {
  return { ok: false, rule, code: `SL2${String(rule).padStart(2, "0")}`, message };
}

export function checkTarget(
  target: string,
  _policy: TargetPolicy,
  _allow?: TargetAllowance,
): TargetVerdict {
  if (CONTROL.test(target)) return refuse(4, "target contains control characters");
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return refuse(3, "target is not an absolute URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return refuse(5, `protocol ${url.protocol} is not allowed; use http: or https:`);
  if (url.username !== "" || url.password !== "")
    return refuse(2, "target embeds credentials");
  if (url.hostname === "") return refuse(3, "target has no hostname");
  return { ok: true, url: url.href };
}

/**
 * Rule 11: build the splat target. Each remainder segment (already decoded once) is
 * encodeURIComponent-ed and joined with `/`; `:splat` in the target is replaced, otherwise
 * the remainder is appended to the target path.
 */
export function expandSplat(
  target: string,
  remainder: string[],
): { ok: true; url: string } | { ok: false; rule: number; code: string; message: string } {
  for (const segment of remainder) {
    if (segment === "." || segment === ".." || CONTROL.test(segment))
      return refuse(11, "splat segment is a dot segment or holds control characters");
  }
  const encoded = remainder.map(encodeURIComponent).join("/");
  if (target.includes(":splat")) return { ok: true, url: target.replace(":splat", encoded) };
  if (encoded === "") return { ok: true, url: target };
  const url = new URL(target);
  url.pathname = url.pathname.replace(/\/?$/, "/") + encoded;
  return { ok: true, url: url.href };
}
