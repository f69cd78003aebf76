/** Types of bench/generate.mjs, for the registry layout test. */
export interface GeneratedLink {
  slug: string;
  key: string;
  kind: "exact" | "splat";
  target: string;
  status?: 301;
  state: "active" | "paused" | "retired";
  schedule?: { label: string; start: string; end: string };
  description?: string;
  tags?: string[];
  owner?: string;
}
export interface GeneratedRequest {
  path: string;
  location: string | null;
}
export const SIZES: Record<string, number>;
export const YAML_MAX_LINKS: number;
export const CSV_HEADER: string;
export function prng(seed: number): () => number;
export function makeLink(i: number, rand: () => number): GeneratedLink;
export type LinkShape = "bench" | "real";
export const SHAPES: Record<LinkShape, (i: number, rand: () => number) => GeneratedLink>;
export function makeRealLink(i: number, rand: () => number): GeneratedLink;
export function makeLinks(
  size: number,
  seed?: number,
  options?: { shape?: LinkShape },
): GeneratedLink[];
export function redirects(link: GeneratedLink): boolean;
export function makeRequests(
  links: GeneratedLink[],
  count: number,
  seed?: number,
): GeneratedRequest[];
export function makeZipfRequests(
  links: GeneratedLink[],
  count: number,
  options?: { exponent?: number; misses?: number; seed?: number },
): GeneratedRequest[];
export function writeInstance(
  root: string,
  links: GeneratedLink[],
  options: { name: string },
): Promise<string[]>;
