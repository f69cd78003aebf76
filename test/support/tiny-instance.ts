/** A minimal instance in a new temporary folder: custom/site.yaml and custom/links/links.yaml. */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export function tinyInstance(
  prefix: string,
  linksYaml: string,
  siteYaml = "site_name: Test\nbase_url: https://go.example.org\n",
): string {
  const root = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(join(root, "custom", "links"), { recursive: true });
  writeFileSync(join(root, "custom", "site.yaml"), siteYaml);
  writeFileSync(join(root, "custom", "links", "links.yaml"), linksYaml);
  return root;
}
