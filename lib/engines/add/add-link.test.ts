import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "yaml";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addLink } from "./add-link.js";

const LINKS =
  "# Our links\n- slug: docs # the docs\n  target: 'https://docs.example.com/'\n\n# more below\n- slug: gh/*\n  target: https://github.com/org\n";
let root: string;

beforeEach(() => {
  // Inside a parent of its own, so `../escape.yaml` stays in the test's folder.
  root = join(mkdtempSync(join(tmpdir(), "shortlinks-add-")), "instance");
  mkdirSync(join(root, "custom", "links"), { recursive: true });
  writeFileSync(
    join(root, "custom", "site.yaml"),
    "site_name: T\nbase_url: https://go.example.org\n",
  );
  writeFileSync(join(root, "custom", "links", "links.yaml"), LINKS);
});
afterEach(() => rmSync(join(root, ".."), { recursive: true, force: true }));

const file = () => readFileSync(join(root, "custom", "links", "links.yaml"), "utf8");

describe("add", () => {
  it("appends the row and keeps every existing byte (comments, order, quoting)", async () => {
    const result = await addLink({
      root,
      row: {
        slug: "blog",
        target: "https://blog.example.com/",
        status: 301,
        schedule: { label: "l", end: "2099-01-01T00:00:00Z" },
      },
    });
    expect(result).toMatchObject({ ok: true, file: "custom/links/links.yaml", line: 8 });
    expect(file().startsWith(LINKS)).toBe(true);
    expect(parse(file()).at(-1)).toEqual({
      slug: "blog",
      target: "https://blog.example.com/",
      status: 301,
      schedule: { label: "l", end: "2099-01-01T00:00:00Z" },
    });
    expect(file().split("\n")[7]).toBe("- slug: blog");
  });

  it("refuses a duplicate after normalisation and names the other place; the file is unchanged", async () => {
    const result = await addLink({
      root,
      row: { slug: "DOCS", target: "https://other.example.com/" },
    });
    expect(result.ok).toBe(false);
    expect(result.diagnostics.map((d) => d.code)).toEqual(["SL305"]);
    expect(result.diagnostics[0].message).toContain("custom/links/links.yaml:2");
    expect(file()).toBe(LINKS);
  });

  it.each([
    ["SL205", { slug: "x", target: "ftp://example.com/" }],
    ["SL303", { slug: "api", target: "https://example.com/" }],
    ["SL105", { slug: "x", target: "https://example.com/", status: 200 }],
    [
      "SL312",
      { slug: "x", target: "https://example.com/", schedule: { label: "l", start: "2026-01-01" } },
    ],
  ])("refuses a row with %s", async (code, row) => {
    const result = await addLink({ root, row });
    expect(result.ok).toBe(false);
    expect(result.diagnostics.map((d) => d.code)).toContain(code);
    expect(file()).toBe(LINKS);
  });

  it("creates a new source file when --file names one that does not exist", async () => {
    const result = await addLink({
      root,
      file: "custom/links/new.yaml",
      row: { slug: "new", target: "https://example.com/new" },
    });
    expect(result.ok).toBe(true);
    expect(parse(readFileSync(join(root, "custom", "links", "new.yaml"), "utf8"))).toEqual([
      { slug: "new", target: "https://example.com/new" },
    ]);
    expect(existsSync(join(root, "custom", "links", "links.yaml"))).toBe(true);
  });

  it("a file without a trailing newline still gets a well-formed row", async () => {
    writeFileSync(join(root, "custom", "links", "links.yaml"), LINKS.trimEnd());
    await addLink({ root, row: { slug: "x", target: "https://example.com/x" } });
    expect(parse(file())).toHaveLength(3);
  });
});

const links = (name: string) => join(root, "custom", "links", name);
const read = (name: string) => readFileSync(links(name), "utf8");
const ROW = { slug: "new", target: "https://example.com/new" };

describe("add writes in the file's own style and re-reads the result", () => {
  it.each([
    ["a sequence indented by two spaces", "# team\n  - slug: docs\n    target: https://e.com/d\n"],
    [
      "a file ending with the document-end marker",
      "- slug: docs\n  target: https://e.com/d\n...\n# after the end\n",
    ],
    ["a document-start marker", "---\n- slug: docs\n  target: https://e.com/d\n"],
    ["a file holding only null", "null\n"],
    ["a file holding only ~ after a marker", "--- ~\n"],
    ["an empty file", ""],
    ["a file of comments only", "# links go here\n# one per row\n"],
    ["an empty flow list", "[] # none yet\n"],
    ["a flow list", "[{slug: docs, target: 'https://e.com/d'}] # kept\n"],
    ["CRLF line ends", "# c\r\n- slug: docs\r\n  target: https://e.com/d\r\n"],
    ["a byte-order mark", "\ufeff- slug: docs\n  target: https://e.com/d\n"],
    ["no final newline", "- slug: docs # last\n  target: https://e.com/d"],
  ])("%s", async (_shape, text) => {
    writeFileSync(links("links.yaml"), text);
    const before = parse(text.replace(/^\ufeff/, "")) ?? [];
    const result = await addLink({ root, row: ROW });
    expect(result).toMatchObject({ ok: true, file: "custom/links/links.yaml" });
    const after = read("links.yaml");
    expect(parse(after.replace(/^\ufeff/, ""))).toEqual([...before, ROW]);
    for (const comment of text.match(/#.*/g) ?? []) expect(after).toContain(comment);
    if (text.includes("\r\n")) expect(after.replace(/\r\n/g, "")).not.toContain("\n");
    if (text.startsWith("\ufeff")) expect(after.startsWith("\ufeff")).toBe(true);
  });

  it("SL122: a row the file would read differently is refused; the file stays byte-identical", async () => {
    // YAML 1.1 reads a plain `yes` as true: the row would not read back as it was given
    const text = "%YAML 1.1\n---\n- slug: docs\n  target: https://e.com/d\n";
    writeFileSync(links("links.yaml"), text);
    const result = await addLink({ root, row: { ...ROW, description: "yes" } });
    expect(result.ok).toBe(false);
    expect(result.diagnostics.map((d) => d.code)).toEqual(["SL122"]);
    expect(read("links.yaml")).toBe(text);
  });
});

describe("add --file: only link sources under custom/links/", () => {
  it.each([
    "custom/other.yaml",
    "custom/tests.yaml",
    "custom/blocklist.yaml",
    "../escape.yaml",
    "custom/links/sub/deeper.yaml",
    "custom/links/notes.txt",
  ])("SL120: %s is refused and nothing is written", async (file) => {
    writeFileSync(join(root, "custom", "tests.yaml"), "[]\n");
    const result = await addLink({ root, file, row: ROW });
    expect(result.ok).toBe(false);
    expect(result.diagnostics.map((d) => d.code)).toEqual(["SL120"]);
    expect(result).toMatchObject({ usage: true });
    expect(readFileSync(join(root, "custom", "tests.yaml"), "utf8")).toBe("[]\n");
    expect(existsSync(join(root, "..", "escape.yaml"))).toBe(false);
    expect(existsSync(join(root, "custom", "other.yaml"))).toBe(false);
  });
});

describe("add without --file", () => {
  it("appends to the one YAML source when it has another name, and says where", async () => {
    rmSync(links("links.yaml"));
    writeFileSync(links("team.yaml"), LINKS);
    writeFileSync(links("more.csv"), "slug,target\ncsv,https://e.com/c\n");
    const result = await addLink({ root, row: ROW });
    expect(result).toMatchObject({ ok: true, file: "custom/links/team.yaml", line: 8 });
    expect(existsSync(links("links.yaml"))).toBe(false);
  });

  it("SL120: several YAML sources and none named links.yaml: asks for --file", async () => {
    rmSync(links("links.yaml"));
    writeFileSync(links("a.yaml"), "[]\n");
    writeFileSync(links("b.yaml"), "[]\n");
    const result = await addLink({ root, row: ROW });
    expect(result).toMatchObject({ ok: false, usage: true });
    expect(result.diagnostics[0].message).toContain("custom/links/a.yaml");
  });
});

describe("add to CSV sources", () => {
  it("one properly quoted row in the file's own column order and line ends", async () => {
    const text = "target,slug,description,tags\r\nhttps://e.com/d,docs,plain,a;b\r\n";
    writeFileSync(links("more.csv"), text);
    const row = {
      slug: "q",
      target: "https://e.com/q?a=1,2",
      description: 'say "hi",\nthen go',
      tags: ["x", "y"],
    };
    const result = await addLink({ root, file: "custom/links/more.csv", row });
    expect(result).toMatchObject({ ok: true, file: "custom/links/more.csv", line: 3 });
    const after = read("more.csv");
    expect(after.startsWith(text)).toBe(true);
    expect(after.slice(text.length)).toBe(
      '"https://e.com/q?a=1,2",q,"say ""hi"",\nthen go",x;y\r\n',
    );
  });

  it("routes go in the routes cell as one flow list, and read back as the row", async () => {
    const text = "slug,target,routes\n";
    writeFileSync(links("more.csv"), text);
    const row = {
      slug: "app",
      target: "https://e.com/get",
      routes: [{ when: { device: "ios", country: ["FR", "BE"] }, target: "https://e.com/ios" }],
    };
    const result = await addLink({ root, file: "custom/links/more.csv", row });
    expect(result).toMatchObject({ ok: true, line: 2 });
    expect(read("more.csv").slice(text.length)).toBe(
      'app,https://e.com/get,"[ { when: { device: ios, country: [ FR, BE ] }, target: https://e.com/ios } ]"\n',
    );
  });

  it("a new CSV file gets the full header", async () => {
    const result = await addLink({ root, file: "custom/links/new.csv", row: ROW });
    expect(result.ok).toBe(true);
    expect(read("new.csv").split("\n")[0]).toBe(
      "slug,target,status,state,schedule_label,schedule_start,schedule_end,forward_query,remainder,routes,description,tags,owner,title,notes,successor,preview_title,preview_description,preview_image",
    );
  });

  it("a field the header has no column for gets one at its end, as set adds it; the rows keep their bytes", async () => {
    const text = 'slug,target\r\ndocs2,https://e.com/d\r\n"q,1",https://e.com/q\r\n';
    writeFileSync(links("more.csv"), text);
    const result = await addLink({
      root,
      file: "custom/links/more.csv",
      row: { ...ROW, description: "needs a column" },
    });
    expect(result).toMatchObject({ ok: true, line: 4 });
    expect(read("more.csv")).toBe(
      text.replace("slug,target\r\n", "slug,target,description\r\n") +
        "new,https://example.com/new,needs a column\r\n",
    );
  });

  it("SL122: a field CSV has no column for at all (allow) is refused, file unchanged", async () => {
    writeFileSync(links("more.csv"), "slug,target\ndocs2,https://e.com/d\n");
    const result = await addLink({
      root,
      file: "custom/links/more.csv",
      row: { ...ROW, allow: { rules: ["SL206"], reason: "vpn" } },
    });
    expect(result.diagnostics.map((d) => d.code)).toEqual(["SL122"]);
    expect(result.diagnostics[0].message).toContain("no column for allow");
    expect(read("more.csv")).toBe("slug,target\ndocs2,https://e.com/d\n");
  });
});

describe("add keeps what the file is", () => {
  it("a 600 file stays 600", async () => {
    chmodSync(links("links.yaml"), 0o600);
    expect((await addLink({ root, row: ROW })).ok).toBe(true);
    expect(statSync(links("links.yaml")).mode & 0o777).toBe(0o600);
  });

  it("a symbolic link to a file inside the instance is written through and stays a link", async () => {
    mkdirSync(join(root, "shared"));
    renameSync(links("links.yaml"), join(root, "shared", "links.yaml"));
    symlinkSync(join("..", "..", "shared", "links.yaml"), links("links.yaml"));
    expect((await addLink({ root, row: ROW })).ok).toBe(true);
    expect(lstatSync(links("links.yaml")).isSymbolicLink()).toBe(true);
    expect(parse(readFileSync(join(root, "shared", "links.yaml"), "utf8"))).toHaveLength(3);
  });

  it("SL109: a symbolic link to a file outside the instance is refused unread", async () => {
    const outside = join(root, "..", `outside-${Date.now()}.yaml`);
    writeFileSync(outside, LINKS);
    rmSync(links("links.yaml"));
    symlinkSync(outside, links("links.yaml"));
    const result = await addLink({ root, row: ROW });
    expect(result.diagnostics.map((d) => d.code)).toEqual(["SL109"]);
    expect(readFileSync(outside, "utf8")).toBe(LINKS);
    rmSync(outside);
  });
});

describe("add takes turns", () => {
  it("eight concurrent adds to one file: every row survives", async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        addLink({ root, row: { slug: `c${i}`, target: `https://e.com/${i}` } }),
      ),
    );
    expect(results.every((r) => r.ok)).toBe(true);
    expect((parse(file()) as { slug: string }[]).map((r) => r.slug).sort()).toEqual(
      ["docs", "gh/*", ...Array.from({ length: 8 }, (_, i) => `c${i}`)].sort(),
    );
  });

  it("SL121: a live writer holding the lock past the timeout: clear refusal, file unchanged", async () => {
    const lock = { pid: process.pid, host: hostname(), since: Date.now(), token: "other" };
    writeFileSync(links(".shortlinks-add.lock"), JSON.stringify(lock));
    const result = await addLink({ root, row: ROW, lockTimeoutMs: 200 });
    expect(result.diagnostics.map((d) => d.code)).toEqual(["SL121"]);
    expect(result.diagnostics[0].message).toContain(`process ${process.pid}`);
    expect(file()).toBe(LINKS);
  });
});
