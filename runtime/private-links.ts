/**
 * The private links' part of the decision (docs/private-links.md), pure like resolve(): the
 * engine verifies the Access token for the zone a path lies in and passes the result as a fact.
 */
import type { AccessZone, LinkRecord, UserAllowance } from "./contract/index.js";

/**
 * A verified Cloudflare Access identity, for the zone whose `aud` its token was verified against
 * (runtime/engine/identity.ts). `email` is absent for a token that carries none (service tokens).
 */
export interface Identity {
  zone: string;
  email?: string;
}

/** Whether `email` may use a link with this allowance (both sides compared in lower case). */
export function userAllowed(allow: UserAllowance, email: string | undefined): boolean {
  if (email === undefined) return false;
  const address = email.toLowerCase();
  const at = address.lastIndexOf("@");
  if (at <= 0) return false;
  if (allow.emails?.includes(address)) return true;
  return allow.email_domains?.includes(address.slice(at + 1)) ?? false;
}

/**
 * Why `link`, matched inside `zone` (or outside every zone), does not answer `identity`, or
 * null when it does. Only a zone's own links answer inside it: a public splat above the zone, or a
 * link of an enclosing zone, never reaches in.
 */
export function privateRefusal(
  link: LinkRecord,
  zone: AccessZone | undefined,
  identity: Identity | undefined,
): string | null {
  const name = zone?.name;
  if (link.zone !== name)
    return link.zone === undefined
      ? `public ${link.kind} link ${link.slug} does not answer inside zone ${name}`
      : `${link.kind} link ${link.slug} belongs to zone ${link.zone}`;
  if (link.allow_users && !userAllowed(link.allow_users, identity?.email))
    return `${identity?.email === undefined ? "a token without email" : "this email"} is not on the allow list of ${link.slug}`;
  return null;
}
