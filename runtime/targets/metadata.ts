/**
 * Cloud metadata endpoints: the names and addresses where a machine asks its cloud for its own
 * credentials and configuration. Several sit in ranges an allowance may open (Alibaba's in CGNAT
 * `100.64/10`, the IPv6 ones in ULA `fc00::/7`, Google's names under `.internal` or single-label),
 * and Azure's platform address is public, so they are listed here and refused before any range or
 * name rule: no allowance opens them (rule 7 for addresses, rule 6 for names).
 */
import { matchHost, stripTrailingDots } from "./hosts.js";
import { parseIPv4, parseIPv6 } from "./ip.js";

export interface MetadataEndpoint {
  /** An IPv4 or IPv6 address (without brackets) or a host name (its subdomains are refused too). */
  host: string;
  provider: string;
}

export const METADATA_ENDPOINTS: readonly MetadataEndpoint[] = [
  {
    host: "169.254.169.254",
    provider:
      "AWS, Google Cloud, Azure, Oracle Cloud, DigitalOcean, OpenStack, Hetzner, Linode, IBM Cloud",
  },
  { host: "fd00:ec2::254", provider: "AWS (instance metadata over IPv6)" },
  { host: "169.254.170.2", provider: "AWS ECS (task metadata and credentials)" },
  { host: "169.254.170.23", provider: "AWS EKS Pod Identity (credentials)" },
  { host: "fd00:ec2::23", provider: "AWS EKS Pod Identity (credentials over IPv6)" },
  { host: "fd20:ce::254", provider: "Google Cloud (metadata over IPv6)" },
  { host: "168.63.129.16", provider: "Azure (WireServer platform address)" },
  { host: "100.100.100.200", provider: "Alibaba Cloud" },
  { host: "192.0.0.192", provider: "Oracle Cloud (legacy metadata)" },
  { host: "fd00:c1::a9fe:a9fe", provider: "Oracle Cloud (metadata over IPv6)" },
  { host: "169.254.0.23", provider: "Tencent Cloud" },
  { host: "169.254.42.42", provider: "Scaleway" },
  { host: "fd00:42::42", provider: "Scaleway (metadata over IPv6)" },
  { host: "fd00:a9fe:a9fe::1", provider: "Akamai/Linode (metadata over IPv6)" },
  { host: "metadata.google.internal", provider: "Google Cloud" },
  { host: "metadata.goog", provider: "Google Cloud" },
  { host: "metadata", provider: "Google Cloud (short name)" },
  { host: "instance-data", provider: "AWS (short name)" },
  { host: "instance-data.ec2.internal", provider: "AWS" },
  { host: "api.metadata.cloud.ibm.com", provider: "IBM Cloud VPC" },
  { host: "metadata.tencentyun.com", provider: "Tencent Cloud" },
  { host: "metadata.packet.net", provider: "Equinix Metal" },
  { host: "metadata.platformequinix.com", provider: "Equinix Metal" },
  { host: "rancher-metadata", provider: "Rancher" },
];

const key = (bytes: readonly number[]) => bytes.join(".");
const addressOf = (host: string) =>
  parseIPv6(host) ?? (host.includes(":") ? null : parseIPv4(host));

const BY_ADDRESS = new Map<string, MetadataEndpoint>();
const BY_NAME = new Map<string, MetadataEndpoint>();
for (const endpoint of METADATA_ENDPOINTS) {
  const bytes = addressOf(endpoint.host);
  if (bytes) BY_ADDRESS.set(key(bytes), endpoint);
  else BY_NAME.set(endpoint.host, endpoint);
}
const NAMES: ReadonlySet<string> = new Set(BY_NAME.keys());

/** The metadata endpoint at these parsed address bytes (4 or 16), or undefined. */
export function metadataAddress(bytes: readonly number[]): MetadataEndpoint | undefined {
  return BY_ADDRESS.get(key(bytes));
}

/** The metadata endpoint this host name is, or lies below, or undefined. */
export function metadataName(host: string): MetadataEndpoint | undefined {
  const name = matchHost(stripTrailingDots(host), NAMES);
  return name === undefined ? undefined : BY_NAME.get(name);
}
