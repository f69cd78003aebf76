/**
 * An instance's .gitignore: init's template (defaults/init/gitignore) lists what must never be
 * committed (local secrets in .dev.vars, the build's output, installed packages). A folder that
 * has a .gitignore of its own keeps every line of it and gets the template's entries it does not
 * ignore yet, after its last line, in its own line ends.
 */

/** The entries of a .gitignore text: its lines that are neither blank nor comments. */
export function gitignoreEntries(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
}

/**
 * The `wanted` entries that `text` does not ignore: no line matches the name, or the last line
 * that does is a `!` line that un-ignores it. A name matches a pattern spelled with or without
 * a leading or trailing `/`, a leading `**\/`, or with `*` and `?` wildcards (`.dev.vars*`).
 */
export function missingEntries(text: string, wanted: readonly string[]): string[] {
  const lines = gitignoreEntries(text);
  return wanted.filter((entry) => {
    const name = bare(entry);
    let ignored = false;
    for (const line of lines) {
      const negated = line.startsWith("!");
      if (globMatches(bare(negated ? line.slice(1) : line), name)) ignored = !negated;
    }
    return !ignored;
  });
}

/** `text` with `entries` added after its last line, under a comment saying who added them. */
export function withEntries(text: string, entries: readonly string[]): string {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const ended = text === "" || text.endsWith("\n") ? text : text + eol;
  const added = [
    "# Added by shortlinks init: local secrets and build output stay out of git",
    ...entries,
  ];
  return ended + added.map((line) => line + eol).join("");
}

function bare(pattern: string): string {
  return pattern
    .replace(/^(\*\*\/)+/, "")
    .replace(/^\/+/, "")
    .replace(/\/+$/, "");
}

function globMatches(pattern: string, name: string): boolean {
  if (!/[*?[]/.test(pattern)) return pattern === name;
  const source = pattern
    .split("")
    .map((c) => (c === "*" ? "[^/]*" : c === "?" ? "[^/]" : c.replace(/[.+^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${source}$`).test(name);
}
