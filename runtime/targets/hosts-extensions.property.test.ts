/**
 * Property: the host and extension matchers answer as their plain definitions do. A host list
 * entry matches the host or any name after one of its dots (the labels from i on, joined); an
 * extension is blocked when some segment, read whole, up to `;` or up to NUL, ends in it once
 * trailing dots and spaces are dropped. The matchers take shortcuts for the build's sake.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { blockedExtension } from "./extensions.js";
import { matchHost } from "./hosts.js";

function hostByDefinition(host: string, entries: ReadonlySet<string>): string | undefined {
  const labels = host.replace(/\.+$/, "").split(".");
  for (let i = 0; i < labels.length; i++) {
    const candidate = labels.slice(i).join(".");
    if (entries.has(candidate)) return candidate;
  }
  return undefined;
}

function extensionByDefinition(pathname: string, extensions: readonly string[]) {
  let decoded = pathname;
  for (let i = 0; i < 3 && /%[0-9a-f]{2}/i.test(decoded); i++)
    decoded = decoded.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
      String.fromCharCode(parseInt(hex, 16)),
    );
  for (const segment of decoded.toLowerCase().split(/[/\\]/))
    for (const reading of [segment, segment.split(";")[0], segment.split("\u0000")[0]]) {
      const name = reading.replace(/[.\s]+$/, "");
      const extension = extensions.find((ext) => name.endsWith(ext));
      if (extension) return { extension, segment };
    }
  return null;
}

const label = fc.constantFrom("a", "b", "ex", "example", "com", "co", "uk", "", "x-y");
const host = fc
  .tuple(fc.array(label, { minLength: 1, maxLength: 5 }), fc.constantFrom("", ".", ".."))
  .map(([labels, dots]) => labels.join(".") + dots);
const EXTENSIONS = [".exe", ".bat", ".ps1", ".tar.gz"];
const piece = fc.constantFrom("a", "setup", ".exe", ".EXE", "%2e", "%252e", "exe", ";", "\u0000");
const piece2 = fc.constantFrom(" ", ".", "/", "\\", "bat", ".tar", ".gz", "ps1", "%2F");
const pathname = fc.array(fc.oneof(piece, piece2), { maxLength: 8 }).map((p) => "/" + p.join(""));

describe("target matchers agree with their definitions", () => {
  it("matchHost finds the entry the host equals or lies below", () => {
    fc.assert(
      fc.property(host, fc.uniqueArray(host, { maxLength: 4 }), (name, list) => {
        const entries = new Set(list.map((e) => e.replace(/\.+$/, "")));
        expect(matchHost(name, entries)).toBe(hostByDefinition(name, entries));
      }),
      { numRuns: 2_000 },
    );
  });

  it("blockedExtension finds the extension a segment ends in", () => {
    fc.assert(
      fc.property(pathname, (path) => {
        expect(blockedExtension(path, EXTENSIONS)).toEqual(extensionByDefinition(path, EXTENSIONS));
      }),
      { numRuns: 2_000 },
    );
  });
});
