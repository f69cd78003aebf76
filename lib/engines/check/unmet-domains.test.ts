// custom/tests.yaml on an instance that lists its hosts (docs/domains.md): an expectation's
// `domain` asks it on that host, as that host's tests page does; a host not listed is SL503.
import { cp, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { CASE_INSTANCE } from "../../../test/support/build-instance.js";
import { compileInstance } from "../../stages/compile.js";
import { unmetExpectations } from "./unmet-expectations.js";

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), "shortlinks-tests-domains-"));
  await cp(CASE_INSTANCE, root, { recursive: true });
});

async function check(testsYaml: string) {
  await writeFile(join(root, "custom", "tests.yaml"), testsYaml);
  const compiled = await compileInstance({ root, skipBundle: true });
  const errors = compiled.diagnostics.filter((d) => d.severity === "error");
  if (!compiled.files || !compiled.tables) return errors;
  return [...errors, ...(await unmetExpectations(compiled.files, compiled.tables.expectations))];
}

describe("tests.yaml: expectations on several hosts", () => {
  it("each is asked on its own host; a miss names the host", async () => {
    const diagnostics = await check(`
- path: /docs
  status: 302
  location: https://docs.example.com/start
- path: /docs
  domain: go.example.net
  status: 302
  location: https://example.net/docs-legacy
- path: /net-only
  domain: lnk.example.com
  status: 302
`);
    expect(diagnostics.map((d) => `${d.code} ${d.message}`)).toEqual([
      "SL506 GET /net-only on lnk.example.com: expected status 302, got 404",
    ]);
  });

  it("SL503: a domain the instance does not list", async () => {
    const diagnostics = await check(`
- path: /docs
  domain: evil.example
  status: 302
`);
    expect(diagnostics.map((d) => d.code)).toEqual(["SL503"]);
  });
});
