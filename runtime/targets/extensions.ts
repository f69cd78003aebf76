/**
 * Rule 10: executable downloads. Every path segment is checked (so `setup.exe/` is caught),
 * after percent-decoding (repeatedly, so `%252e` counts too), case-insensitively, ignoring the
 * query and fragment. A segment is also read the way servers and download managers read it:
 * up to a `;` path parameter or a NUL, without trailing dots and spaces.
 */

function decodeLoosely(text: string): string {
  let out = text;
  for (let i = 0; i < 3 && /%[0-9a-f]{2}/i.test(out); i++)
    out = out.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
  return out;
}

/** The blocked extension a pathname carries, and the segment holding it, or null. */
export function blockedExtension(
  pathname: string,
  extensions: readonly string[],
): { extension: string; segment: string } | null {
  const decoded = decodeLoosely(pathname).toLowerCase();
  // A name ending in an extension holds it: a path holding none (nearly every path) is done.
  if (!extensions.some((ext) => decoded.includes(ext))) return null;
  for (const segment of decoded.split(/[/\\]/)) {
    const readings = [segment, segment.split(";")[0], segment.split("\u0000")[0]];
    for (const reading of readings) {
      const name = reading.replace(/[.\s]+$/, "");
      const extension = extensions.find((ext) => name.endsWith(ext));
      if (extension) return { extension, segment };
    }
  }
  return null;
}
