/**
 * security.txt (RFC 9116), built from site.yaml when `contacts.security` is set: where to report
 * a vulnerability, until when the file holds, in which languages, where it lives, and the
 * security page when it is published. Served at /.well-known/security.txt (docs/pages.md).
 */
import { SECURITY_TXT_PATH } from "../../../runtime/page-routes.js";
import { diag, type Diagnostic } from "../../shared/diagnostics.js";
import { PUBLIC_DIR } from "../../shared/paths.js";
import type { Site } from "../1-sources/site/site-schema.js";

const DAY_MS = 86_400_000;

/**
 * The day a build is made, at 00:00 UTC: `SOURCE_DATE_EPOCH` (seconds) when it is set, as
 * reproducible builds expect, else today. Two builds of one day write the same file.
 */
export function buildDay(env: NodeJS.ProcessEnv = process.env, now = Date.now()): Date {
  const epoch = Number(env.SOURCE_DATE_EPOCH);
  const at = env.SOURCE_DATE_EPOCH && Number.isFinite(epoch) ? epoch * 1000 : now;
  return new Date(Math.floor(at / DAY_MS) * DAY_MS);
}

/** The file's text, or undefined when site.yaml names no security contact. */
export function buildSecurityTxt(
  site: Pick<Site, "base_url" | "default_lang" | "contacts" | "pages" | "security_txt">,
  day: Date,
): string | undefined {
  const contacts = site.contacts.security;
  if (!contacts) return undefined;
  const expires = new Date(day.getTime() + site.security_txt.expires_in_days * DAY_MS);
  const lines = [
    ...contacts.map((contact) => `Contact: ${contact}`),
    `Expires: ${expires.toISOString()}`,
    `Preferred-Languages: ${(site.security_txt.languages ?? [site.default_lang]).join(", ")}`,
    `Canonical: ${site.base_url}${SECURITY_TXT_PATH}`,
  ];
  if (site.pages.security === "published") lines.push(`Policy: ${site.base_url}/security`);
  return lines.join("\n") + "\n";
}

/**
 * The security.txt the build writes, if any: none without a security contact, and none beside
 * the instance's own custom/public/.well-known/security.txt, which is served as it is (SL511).
 */
export function securityTxtFile(
  site: Parameters<typeof buildSecurityTxt>[0],
  customPaths: readonly string[],
  day: Date,
): { file?: { path: string; content: string }; diagnostics: Diagnostic[] } {
  const content = buildSecurityTxt(site, day);
  if (content === undefined) return { diagnostics: [] };
  if (!customPaths.includes(SECURITY_TXT_PATH))
    return { file: { path: SECURITY_TXT_PATH, content }, diagnostics: [] };
  return {
    diagnostics: [
      diag(
        "SL511",
        { file: `${PUBLIC_DIR}${SECURITY_TXT_PATH}`, line: 0 },
        "this file is served as security.txt, not the one contacts.security would build",
        "remove the file to publish the built one (its Expires stays fresh with every build)",
      ),
    ],
  };
}
