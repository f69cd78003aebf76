import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { replaceDir, stageDir, type TreeFile } from "./swap-dir.js";

async function withOld(): Promise<{ parent: string; dir: string }> {
  const parent = await mkdtemp(join(tmpdir(), "shortlinks-swap-"));
  const dir = join(parent, "dist");
  await mkdir(join(dir, "assets"), { recursive: true });
  await writeFile(join(dir, "assets", "old.txt"), "old");
  return { parent, dir };
}

const tree = (count: number): TreeFile[] =>
  Array.from({ length: count }, (_, i) => ({
    path: `assets/shards/${i % 7}/${i}.jsonl`,
    content: `file ${i}\n`,
  }));

describe("replaceDir", () => {
  it("puts every file of the new tree, in nested folders, in place of the old folder", async () => {
    const { dir } = await withOld();
    await replaceDir(dir, [...tree(300), { path: "worker.js", content: new Uint8Array([1, 2]) }]);
    for (const i of [0, 1, 150, 299])
      expect(await readFile(join(dir, `assets/shards/${i % 7}/${i}.jsonl`), "utf8")).toBe(
        `file ${i}\n`,
      );
    expect([...(await readFile(join(dir, "worker.js")))]).toEqual([1, 2]);
    expect((await readdir(join(dir, "assets"))).sort()).toEqual(["shards"]);
  });

  it("a file that cannot be made leaves the old folder as it was and no temp folder", async () => {
    const { parent, dir } = await withOld();
    const files = tree(200);
    files.splice(57, 0, {
      path: "assets/shards/bad.jsonl",
      get content(): string {
        throw new Error("no text for this shard");
      },
    });
    await expect(replaceDir(dir, files)).rejects.toThrow("no text for this shard");
    expect(await readFile(join(dir, "assets", "old.txt"), "utf8")).toBe("old");
    expect(await readdir(parent)).toEqual(["dist"]);
  });
});

describe("stageDir", () => {
  it("files written as soon as they are made join the rest of the tree when it is committed", async () => {
    const { dir } = await withOld();
    const staged = await stageDir(dir);
    staged.writeNow("assets/links-stats/0.json", "page 0\n");
    staged.writeNow("assets/links-stats/1.json", "page 1\n");
    expect(await readFile(join(dir, "assets", "old.txt"), "utf8")).toBe("old");
    await staged.commit(tree(20));
    expect(await readFile(join(dir, "assets/links-stats/1.json"), "utf8")).toBe("page 1\n");
    expect(await readFile(join(dir, "assets/shards/5/19.jsonl"), "utf8")).toBe("file 19\n");
    expect((await readdir(join(dir, "assets"))).sort()).toEqual(["links-stats", "shards"]);
  });

  it("a discarded tree leaves the old folder as it was and no temp folder", async () => {
    const { parent, dir } = await withOld();
    const staged = await stageDir(dir);
    staged.writeNow("assets/links-stats/0.json", "page 0\n");
    await staged.discard();
    expect(await readdir(join(dir, "assets"))).toEqual(["old.txt"]);
    expect(await readdir(parent)).toEqual(["dist"]);
  });

  it("files written on the writer thread are all in place when commit returns", async () => {
    const { dir } = await withOld();
    const staged = await stageDir(dir, { threadFromBytes: 0, maxQueuedBytes: 256 });
    for (let i = 0; i < 50; i++) staged.writeNow(`assets/links-stats/${i}.json`, `page ${i}\n`);
    await staged.commit(tree(300));
    expect(await readdir(join(dir, "assets/links-stats"))).toHaveLength(50);
    expect(await readFile(join(dir, "assets/links-stats/49.json"), "utf8")).toBe("page 49\n");
    expect(await readFile(join(dir, "assets/shards/5/299.jsonl"), "utf8")).toBe("file 299\n");
  });

  it("a file the writer thread could not write fails commit and leaves the old folder", async () => {
    const { parent, dir } = await withOld();
    const staged = await stageDir(dir, { threadFromBytes: 0 });
    staged.writeNow("assets/links-stats/0.json", "page 0\n");
    staged.writeNow("assets/links-stats", "a file where a folder is"); // EISDIR
    await expect(staged.commit(tree(20))).rejects.toMatchObject({ code: "EISDIR" });
    expect(await readdir(join(dir, "assets"))).toEqual(["old.txt"]);
    expect(await readdir(parent)).toEqual(["dist"]);
  });
});
