/**
 * The title of an HTML page as a reader sees it (its first `<title>`, entities decoded,
 * whitespace collapsed), so a pageview reports the page's real title rather than an id or path.
 */
import { decodeHTML } from "entities";

const TITLE = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i;

/** The page's title, or undefined when it has none (or an empty one). */
export function htmlTitle(html: string): string | undefined {
  const raw = TITLE.exec(html)?.[1];
  if (raw === undefined) return undefined;
  const title = decodeHTML(raw).replace(/\s+/g, " ").trim();
  return title === "" ? undefined : title;
}

/** Asset path -> title for every HTML file that has one, in path order (deterministic output). */
export function pageTitles(files: { path: string; html: string }[]): Record<string, string> {
  const titles: [string, string][] = [];
  for (const file of files) {
    const title = htmlTitle(file.html);
    if (title !== undefined) titles.push([file.path, title]);
  }
  return Object.fromEntries(titles.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
