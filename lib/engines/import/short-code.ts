/** The slug a short link export names: a short code, or the path of a full short URL. */

export interface ShortCode {
  slug: string;
  domain?: string;
}

/** `https://bit.ly/abc` -> abc on bit.ly; `go.example.com/a/b` -> a/b; `abc` -> abc. */
export function shortCodeOf(value: string): ShortCode {
  const trimmed = value.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)
    ? trimmed
    : /^[^/\s]+\.[^/\s]+\/./.test(trimmed)
      ? `https://${trimmed}`
      : undefined;
  if (withScheme && URL.canParse(withScheme)) {
    const url = new URL(withScheme);
    return { slug: decodePath(url.pathname.replace(/^\/+|\/+$/g, "")), domain: url.hostname };
  }
  return { slug: decodePath(trimmed.replace(/^\/+|\/+$/g, "")) };
}

/** Each segment decoded, but one holding an encoded `/` or `\` kept as written (a refused slug). */
function decodePath(path: string): string {
  return path
    .split("/")
    .map((segment) => {
      if (/%(2f|5c)/i.test(segment)) return segment;
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join("/");
}

/** A date and time without an offset (`2030-01-01 10:00:00`): read as UTC, never local time. */
const NO_OFFSET = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * Seconds or an ISO time -> ISO 8601 with an offset (UTC), as schedules take it. A time without an
 * offset is UTC, so the result never depends on the machine's time zone.
 */
export function isoTime(value: string | number): string | undefined {
  const ms =
    typeof value === "number" || /^\d+$/.test(value)
      ? Number(value) * (Number(value) < 1e11 ? 1000 : 1)
      : Date.parse(NO_OFFSET.test(value.trim()) ? `${value.trim().replace(" ", "T")}Z` : value);
  if (!Number.isFinite(ms)) return undefined;
  return new Date(ms).toISOString().replace(/\.000Z$/, "Z");
}
