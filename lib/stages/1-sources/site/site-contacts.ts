/**
 * The contacts of site.yaml: the legal pages link them and security.txt lists them (RFC 9116
 * `Contact:` takes a URI), so each must be a `mailto:` address or an `https:` URL, on one line.
 */
import { diag, type Diagnostic } from "../../../shared/diagnostics.js";
import { CONTACT_NAMES, type Site } from "./site-schema.js";

/** `mailto:` one address, with an optional query (`?subject=...`); no spaces or controls. */
const MAILTO = /^mailto:[^\s@?,;<>"]+@[^\s@?,;<>"]+\.[^\s@?,;<>"]+(\?[^\s]*)?$/i;
const CONTROL_OR_SPACE = /[\s\u0000-\u001f\u007f-\u009f]/;

/** Whether `value` is a contact a page and security.txt can publish. */
export function isContactUri(value: string): boolean {
  if (CONTROL_OR_SPACE.test(value)) return false;
  if (MAILTO.test(value)) return true;
  if (!/^https:\/\//i.test(value) || !URL.canParse(value)) return false;
  const url = new URL(value);
  return url.hostname !== "" && url.username === "" && url.password === "";
}

/** SL510 for every contact that is not a mailto: address or an https: URL. */
export function contactProblems(
  site: Site,
  at: { file: string; lineOf: (path: readonly PropertyKey[]) => number },
): Diagnostic[] {
  const problems: Diagnostic[] = [];
  for (const name of CONTACT_NAMES) {
    const values = site.contacts[name] ?? [];
    values.forEach((value, index) => {
      if (isContactUri(value)) return;
      const path = values.length === 1 ? ["contacts", name] : ["contacts", name, index];
      problems.push(
        diag(
          "SL510",
          { file: at.file, line: at.lineOf(path) },
          `contacts.${name}: expected a mailto: address or an https: URL, found ${JSON.stringify(value)}`,
          value.includes("@") && !/^[a-z]+:/i.test(value)
            ? `write mailto:${value}`
            : "a page links it and security.txt lists it: mailto:team@example.org or https://example.org/report",
        ),
      );
    });
  }
  return problems;
}
