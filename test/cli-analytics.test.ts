// `shortlinks analytics test` sends one event of each kind to each configured provider and reports the answers.
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "./support/run-cli.js";
import { startCollector } from "./support/collector.js";

const WEBSITE_ID = "3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b";
let closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.map((close) => close()));
  closers = [];
});

async function instanceWith(vars: string): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "shortlinks-analytics-"));
  await writeFile(join(root, ".dev.vars"), vars);
  return root;
}

async function run(root: string): Promise<{ code: number; out: string[]; err: string[] }> {
  const { code, outLines, errLines } = await runCli(["analytics", "test", "--root", root]);
  return { code, out: outLines, err: errLines };
}

describe("shortlinks analytics test", () => {
  it("sends the five event kinds to both providers and exits 0 when they accept", async () => {
    const collector = await startCollector();
    closers.push(() => collector.close());
    const root = await instanceWith(
      [
        "ANALYTICS_PROVIDER=provider_a,provider_b",
        `PROVIDER_A_ENDPOINT=${collector.url}/api/send`,
        `PROVIDER_A_WEBSITE_ID=${WEBSITE_ID}`,
        `PROVIDER_B_ENDPOINT=${collector.url}/api/track`,
        "PROVIDER_B_SITE_ID=42",
      ].join("\n") + "\n",
    );
    const { code, out } = await run(root);
    expect(code).toBe(0);
    expect(collector.received.filter((r) => r.path === "/api/send")).toHaveLength(5);
    expect(collector.received.filter((r) => r.path === "/api/track")).toHaveLength(5);
    for (const event of ["pageview", "redirect", "short-link-miss", "lookup", "bot"])
      expect(out.some((line) => line.includes(event))).toBe(true);
  });

  it("warns that provider B without PROVIDER_B_COLLECTION_KEY is likely counted as a bot, and never passes PROVIDER_B_API_TOKEN on", async () => {
    const collector = await startCollector();
    closers.push(() => collector.close());
    const root = await instanceWith(
      [
        "ANALYTICS_PROVIDER=provider_b",
        `PROVIDER_B_ENDPOINT=${collector.url}/api/track`,
        "PROVIDER_B_SITE_ID=42",
        "PROVIDER_B_API_TOKEN=management-token-stays-local",
      ].join("\n") + "\n",
    );
    const { code, err } = await run(root);
    expect(code).toBe(0);
    expect(err.join("\n")).toMatch(/PROVIDER_B_COLLECTION_KEY is not set.*bots/);
    expect(collector.received).toHaveLength(5);
    expect(JSON.stringify(collector.received)).not.toContain("management-token-stays-local");
  });

  it("sends the five event kinds to Fathom as GET requests from workerd, beside provider A, and exits 0", async () => {
    const collector = await startCollector();
    closers.push(() => collector.close());
    const root = await instanceWith(
      [
        "ANALYTICS_PROVIDER=provider_a,fathom",
        `PROVIDER_A_ENDPOINT=${collector.url}/api/send`,
        `PROVIDER_A_WEBSITE_ID=${WEBSITE_ID}`,
        `FATHOM_ENDPOINT=${collector.url}/fathom/`,
        "FATHOM_SITE_ID=ABCDEFGH",
      ].join("\n") + "\n",
    );
    const { code, out } = await run(root);
    expect(code).toBe(0);
    const fathom = collector.received.filter((r) => r.path.startsWith("/fathom/?"));
    expect(fathom.map((r) => r.method)).toEqual(["GET", "GET", "GET", "GET", "GET"]);
    const names = fathom.map((r) => new URL(r.path, collector.url).searchParams.get("name"));
    expect(names).toEqual([null, "redirect", "short-link-miss", "lookup", "bot"]);
    expect(out.filter((line) => line.startsWith("fathom "))).toHaveLength(5);
    expect(out.join("\n")).not.toContain("ABCDEFGH");
  });

  it("exits 1 when a provider answers 500", async () => {
    const collector = await startCollector({ mode: "error" });
    closers.push(() => collector.close());
    const root = await instanceWith(
      `ANALYTICS_PROVIDER=provider_b\nPROVIDER_B_ENDPOINT=${collector.url}/api/track\nPROVIDER_B_SITE_ID=42\n`,
    );
    const { code, out } = await run(root);
    expect(code).toBe(1);
    expect(out.some((line) => line.includes("500"))).toBe(true);
  });

  it("exits 1 and names the variable when the configuration is invalid", async () => {
    const root = await instanceWith("ANALYTICS_PROVIDER=provider_c\n");
    const { code, err } = await run(root);
    expect(code).toBe(1);
    expect(err.join("\n")).toMatch(/ANALYTICS_PROVIDER/);
  });

  it("an answer that echoes the collection key and the website id shows neither, and no raw control, within 120 characters", async () => {
    const KEY = "rb_0123456789abcdef0123456789abcdef";
    const collector = await startCollector({
      answerOf: (request) =>
        `\u001b[2J\u001b[H\u0007echo ${String(request.headers.authorization)} ${JSON.stringify(request.body)}`,
    });
    closers.push(() => collector.close());
    const root = await instanceWith(
      [
        "ANALYTICS_PROVIDER=provider_a,provider_b",
        `PROVIDER_A_ENDPOINT=${collector.url}/api/send`,
        `PROVIDER_A_WEBSITE_ID=${WEBSITE_ID}`,
        `PROVIDER_B_ENDPOINT=${collector.url}/api/track`,
        "PROVIDER_B_SITE_ID=42",
        `PROVIDER_B_COLLECTION_KEY=${KEY}`,
      ].join("\n") + "\n",
    );
    const { code, out, err } = await run(root);
    expect(code).toBe(0);
    expect(collector.received.some((r) => r.headers.authorization === `Bearer ${KEY}`)).toBe(true);
    const printed = [...out, ...err].join("\n");
    expect(printed).not.toContain(KEY);
    expect(printed).not.toContain(WEBSITE_ID);
    expect(printed).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
    const answers = out.filter((line) => line.includes("echo"));
    expect(answers).toHaveLength(10);
    expect(answers.join("\n")).toContain("\\u001b[2J");
    expect(
      answers.filter((line) => line.includes("Bearer [PROVIDER_B_COLLECTION_KEY]")),
    ).toHaveLength(5);
    for (const line of answers) expect(line.length).toBeLessThanOrEqual(40 + 120);
  });
});
