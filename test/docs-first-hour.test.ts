/**
 * What a new user meets first: the README's first screen gives their path, one line a step, with
 * the contributors' two commands below it; docs/README.md indexes every page; package.json names
 * the repository, so the README's relative links resolve wherever the package page is shown.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO } from "./support/build-instance.js";

const FIRST_SCREEN_LINES = 30;

describe("a new user's first screen", () => {
  it("README: install, init, check, build, deploy, then npm install && npm start and npm test", () => {
    const screen = readFileSync(join(REPO, "README.md"), "utf8")
      .split("\n")
      .slice(0, FIRST_SCREEN_LINES);
    const steps = [
      /^npm install --ignore-scripts \S+\.tgz\b/,
      /^npx shortlinks init my-links\b/,
      /^npx shortlinks import\b/,
      /^npx shortlinks check\b/,
      /^npx shortlinks build\b/,
      /^npx wrangler deploy --config dist\/wrangler\.json\b/,
      /^npm install && npm start\b/,
      /^npm test\b/,
    ];
    const at = steps.map((step) => screen.findIndex((line) => step.test(line)));
    expect(
      at.every((line) => line >= 0),
      String(at),
    ).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it("docs/README.md links every page of docs/", () => {
    const index = readFileSync(join(REPO, "docs/README.md"), "utf8");
    const pages = readdirSync(join(REPO, "docs")).filter(
      (name) => name.endsWith(".md") && name !== "README.md",
    );
    expect(pages.filter((page) => !index.includes(`](${page})`))).toEqual([]);
  });

  it("package.json names one GitHub home in repository, homepage and bugs", () => {
    const pkg = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8"));
    const home = /^git\+(https:\/\/github\.com\/[\w.-]+\/[\w.-]+)\.git$/.exec(pkg.repository.url);
    expect(home, pkg.repository.url).not.toBeNull();
    expect(pkg.homepage).toBe(`${home![1]}#readme`);
    expect(pkg.bugs.url).toBe(`${home![1]}/issues`);
  });
});
