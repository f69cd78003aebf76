/**
 * The parts of a target the WHATWG URL parser leaves as written: a lower-case http(s) origin
 * without port or userinfo, then path segments and a query of characters no percent-encode set
 * holds, no segment starting with a dot, no fragment. Such a target is its own href (an empty
 * path reads as `/`), so only its origin needs the parser, once per origin. The compiler judges
 * many targets on a few origins and hands this to the target rules (`TargetMemo`); the runtime
 * parses every target (plain-target.test.ts pins each part to `new URL`).
 */
import type { TargetMemo } from "../../../runtime/targets/index.js";
import type { TargetParts } from "../../../runtime/targets/rules.js";

/** One compile's memo for the target rules: each host's verdict, each plain target's origin. */
export function targetMemo(): TargetMemo {
  const origins: OriginParts = new Map();
  return { hosts: new Map(), parse: (target) => plainTarget(target, origins) };
}

/** Each origin's parsed form, or null when the parser changes or refuses it. */
export type OriginParts = Map<string, { protocol: string; hostname: string } | null>;

const PLAIN =
  /^(https?:\/\/([a-z0-9.-]+))((?:\/(?!\.)[A-Za-z0-9\-_.~!$&()*+,;=:@]*)*)(\?[A-Za-z0-9\-_.~!$&()*+,;=:@/?]*)?$/;

/** The target's parts when it is plain (above), else undefined. */
export function plainTarget(target: string, origins: OriginParts): TargetParts | undefined {
  const m = PLAIN.exec(target);
  if (!m) return undefined;
  const [, origin, host, path, query = ""] = m;
  let known = origins.get(origin);
  if (known === undefined) {
    known = originOf(origin, host);
    origins.set(origin, known);
  }
  if (known === null) return undefined;
  const pathname = path === "" ? "/" : path;
  return {
    protocol: known.protocol,
    username: "",
    password: "",
    hostname: known.hostname,
    pathname,
    search: query.length > 1 ? query : "",
    href: path === "" ? `${origin}/${query}` : target,
  };
}

function originOf(origin: string, host: string): { protocol: string; hostname: string } | null {
  let url: URL;
  try {
    url = new URL(origin + "/");
  } catch {
    return null;
  }
  // A host the parser rewrites (an address spelled short, a trailing dot...) is left to it.
  if (url.href !== origin + "/" || url.hostname !== host) return null;
  return { protocol: url.protocol, hostname: url.hostname };
}
