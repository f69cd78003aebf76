/**
 * The strict CSP profile, checked on generated HTML before it ships: no inline script, no
 * inline style, no `javascript:` URL, and every loaded resource from `/assets/` on the same
 * origin. A page that passes needs nothing the strict profile forbids.
 */

export interface StrictViolation {
  line: number;
  message: string;
}

const TAG = /<([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>/g;
const ATTRIBUTE = /([^\s"'=<>`/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
/** Attributes that make the browser load something. */
const RESOURCE_ATTRIBUTES = new Set([
  "src",
  "srcset",
  "poster",
  "data",
  "background",
  "manifest",
  "ping",
]);
const FORBIDDEN_TAGS = new Set(["style", "iframe", "frame", "object", "embed", "base", "applet"]);
const SAME_ORIGIN_ASSET = /^\/assets\/[^/]/;

function lineAt(html: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (html.charCodeAt(i) === 10) line++;
  return line;
}

function attributesOf(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const m of text.matchAll(ATTRIBUTE))
    attributes.set(m[1].toLowerCase(), m[2] ?? m[3] ?? m[4] ?? "");
  return attributes;
}

/** Why one tag breaks the strict profile, or nothing. */
function tagProblems(name: string, attributes: Map<string, string>): string[] {
  const problems: string[] = [];
  if (FORBIDDEN_TAGS.has(name)) problems.push(`<${name}> is not allowed`);
  for (const [attr, value] of attributes) {
    if (attr.startsWith("on")) problems.push(`inline event handler ${attr}= on <${name}>`);
    if (attr === "style") problems.push(`inline style attribute on <${name}>`);
    if (/^\s*javascript:/i.test(value)) problems.push(`javascript: URL in ${attr}= on <${name}>`);
    const isAction = (name === "form" && attr === "action") || attr === "formaction";
    if (isAction && !/^\/(?!\/)/.test(value)) problems.push(`form posts off the origin: ${value}`);
    if (RESOURCE_ATTRIBUTES.has(attr) && !SAME_ORIGIN_ASSET.test(value))
      problems.push(`<${name} ${attr}="${value}"> loads something outside /assets/`);
  }
  if (name === "script" && !attributes.has("src")) problems.push("inline <script> (no src)");
  if (
    name === "link" &&
    attributes.has("href") &&
    !SAME_ORIGIN_ASSET.test(attributes.get("href") ?? "")
  )
    problems.push(`<link href="${attributes.get("href")}"> loads something outside /assets/`);
  return problems;
}

export function findStrictViolations(html: string): StrictViolation[] {
  const violations: StrictViolation[] = [];
  for (const match of html.matchAll(TAG)) {
    const name = match[1].toLowerCase();
    const offset = match.index ?? 0;
    const attributes = attributesOf(match[2]);
    for (const message of tagProblems(name, attributes))
      violations.push({ line: lineAt(html, offset), message });
    // A script without src is already "inline <script>"; its body adds no second problem.
    if (name === "script" && attributes.has("src")) {
      const close = html.indexOf("</script", offset + match[0].length);
      const body = close < 0 ? "" : html.slice(offset + match[0].length, close);
      if (body.trim() !== "")
        violations.push({ line: lineAt(html, offset), message: "<script> with inline content" });
    }
  }
  return violations;
}
