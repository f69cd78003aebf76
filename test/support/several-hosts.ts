/**
 * An instance that answers on two hosts (docs/domains.md), as the editor's tests use it: `docs` is
 * a link of each host (two rows), `status` one row on both.
 */
export const HOSTS_LINKS = `- slug: docs
  target: https://docs.example.com/
- slug: docs
  domain: old.example.net
  target: https://legacy.example.net/docs
- slug: status
  domains: [go.example.org, old.example.net]
  target: https://status.example.com/
`;

/**
 * site.yaml whose `domains` are go.example.org (the default) and old.example.net, then `more`:
 * further entries as YAML flow values (`new.example.com`, `{ host: a.example, alias_of: ... }`).
 */
export function hostsSite(...more: string[]): string {
  const hosts = ["go.example.org", "old.example.net", ...more];
  return `site_name: Test\nbase_url: https://go.example.org\ndomains:\n${hosts.map((h) => `  - ${h}\n`).join("")}`;
}
