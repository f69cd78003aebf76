/**
 * Reading BASE never reads a blob larger than the limit the work tree's reader enforces: git is
 * asked for sizes first, and a blob over its limit is laid out unread (a sparse file of its size),
 * so the compiler refuses it at BASE with the code and message it gives in the work tree. A stub
 * of `spawn` records every object the reader asks `git cat-file --batch` for.
 */
import { execFileSync } from "node:child_process";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_ASSET_BYTES } from "../../../runtime/contract/index.js";
import { createTestRepo, yamlRows, type TestRepo } from "../../../test/support/git-repo.js";
import { MAX_SOURCE_BYTES } from "../../stages/1-sources/links/limits.js";
import { diffInstance } from "./diff-instance.js";

const asked = vi.hoisted(() => [] as string[]);
vi.mock("node:child_process", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:child_process")>();
  const spawn = ((...args: Parameters<typeof real.spawn>) => {
    const child = real.spawn(...args);
    const argv = args[1] as readonly string[] | undefined;
    if (argv?.includes("cat-file")) {
      const end = child.stdin!.end.bind(child.stdin!) as (data: unknown) => void;
      (child.stdin as unknown as { end: (data: unknown) => void }).end = (data) => {
        asked.push(String(data));
        end(data);
      };
    }
    return child;
  }) as typeof real.spawn;
  return { ...real, spawn, default: { ...real, spawn } };
});

const AT = new Date("2030-01-01T00:00:00Z");
const repos: TestRepo[] = [];
afterEach(() => {
  repos.splice(0).forEach((r) => r.cleanup());
  asked.splice(0);
});

const DOCS = { slug: "docs", target: "https://docs.example.com/" };

/** A commit that adds a blob of `size` zero bytes at `path`, never written in the work tree. */
function withBlob(path: string, size: number): { r: TestRepo; oid: string } {
  const r = createTestRepo({ "custom/links/a.yaml": yamlRows([DOCS]) });
  repos.push(r);
  const oid = execFileSync("git", ["hash-object", "-w", "--stdin"], {
    cwd: r.top,
    input: Buffer.alloc(size),
    encoding: "utf8",
  }).trim();
  r.git("update-index", "--add", "--cacheinfo", `100644,${oid},${path}`);
  r.git("commit", "-q", "-m", `a blob of ${size} bytes`);
  r.git("reset", "-q", "--hard");
  r.write({ [path]: null });
  return { r, oid };
}

describe("a blob over its reader's limit is never read at BASE", () => {
  it.each([
    ["custom/public/big.bin", MAX_ASSET_BYTES + 1, "SL505", "/big.bin is 26214401 bytes"],
    ["custom/links/big.csv", MAX_SOURCE_BYTES + 1, "SL112", "custom/links/big.csv is 67108865"],
    ["custom/tests.yaml", MAX_ASSET_BYTES + 1, "SL508", "custom/tests.yaml is 26214401 bytes"],
  ])("%s: refused at BASE as in the work tree (%s), unread", async (path, size, code, says) => {
    const { r, oid } = withBlob(path, size);
    const report = await diffInstance({ root: r.root, base: "HEAD", at: AT });
    const requests = asked.join("");
    expect(requests).toContain(r.git("rev-parse", "HEAD:custom/links/a.yaml").trim());
    expect(requests).not.toContain(oid);
    expect(report.problems.map((p) => [p.code, p.file])).toEqual([["SL804", path]]);
    expect(report.problems[0].message).toContain(`first: ${path}: ${code} ${says}`);
  });

  it("a big file no reader reads is laid out unread and BASE builds", async () => {
    const { r, oid } = withBlob("custom/notes/video.bin", MAX_ASSET_BYTES + 1);
    const report = await diffInstance({ root: r.root, base: "HEAD", at: AT });
    expect(asked.join("")).not.toContain(oid);
    expect(report.problems).toEqual([]);
  });

  it("a blob at its limit is read whole, as the work tree reads it", async () => {
    const { r, oid } = withBlob("custom/public/edge.bin", MAX_ASSET_BYTES);
    const report = await diffInstance({ root: r.root, base: "HEAD", at: AT });
    expect(asked.join("")).toContain(oid);
    expect(report.problems).toEqual([]);
  });
});
