/**
 * `{user.email}` and `{user.local}` in a private link's target (docs/private-links.md): the
 * verified token's `email`, or its part before the last `@`, enters the target as the splat
 * remainder does (rule 11): as one RFC 3986 path segment in the path, as a query component after
 * `?` or `#`. A value can therefore never add a path segment, a host or a query key; a value that
 * is a dot segment or holds a control character is refused, as a splat segment is.
 */
import { CONTROL } from "./rules.js";
import { authorityEndOf, encodePathSegment, fillPlaceholder, pathEndOf } from "./splat.js";

export const USER_PLACEHOLDERS = ["{user.email}", "{user.local}"] as const;
type UserPlaceholder = (typeof USER_PLACEHOLDERS)[number];
const ANY_USER = /\{user\.[^{}]*\}?/g;

/** Whether a target uses the identity at all (so only private links pay for the rest). */
export function hasUserPlaceholder(target: string): boolean {
  return target.includes("{user.");
}

/** Why a target's `{user.*}` placeholders are unusable, or null. Used by the compiler. */
export function userTemplateProblem(target: string): string | null {
  for (const match of target.matchAll(ANY_USER)) {
    if (!(USER_PLACEHOLDERS as readonly string[]).includes(match[0]))
      return `"${match[0]}" is not a placeholder; write {user.email} or {user.local}`;
    const end = authorityEndOf(target);
    if (end < 0 || (match.index ?? 0) < end)
      return `"${match[0]}" must be in the path, query or fragment, never in the scheme or host`;
  }
  return null;
}

export type FillResult = { ok: true; url: string } | { ok: false; why: string };

/** The target with the identity's values in place; a failure is answered like any refused target. */
export function fillUser(target: string, email: string | undefined): FillResult {
  if (email === undefined || email === "") return { ok: false, why: "the token has no email" };
  const at = email.lastIndexOf("@");
  if (at <= 0) return { ok: false, why: "the token's email has no local part and domain" };
  if (CONTROL.test(email)) return { ok: false, why: "the token's email holds a control character" };
  const values: Record<UserPlaceholder, string> = {
    "{user.email}": email,
    "{user.local}": email.slice(0, at),
  };
  let url = target;
  for (const placeholder of USER_PLACEHOLDERS) {
    if (!url.includes(placeholder)) continue;
    const value = values[placeholder];
    if ((value === "." || value === "..") && url.indexOf(placeholder) < pathEndOf(url))
      return { ok: false, why: `${placeholder} would be a dot segment` };
    try {
      url = fillPlaceholder(url, placeholder, encodePathSegment(value), encodeURIComponent(value));
    } catch {
      return { ok: false, why: "the token's email is not well-formed Unicode" };
    }
  }
  return { ok: true, url };
}
