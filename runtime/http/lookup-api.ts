/**
 * POST /lookup/resolve and POST /_analytics/lookup (docs/runtime.md). The lookup asks
 * `resolve()` itself, so the page can never disagree with a real visit; disabled and draft links
 * look exactly like unknown ones.
 */
import { resolve, type ResolveContext } from "../resolve.js";
import { STATE_OUTCOMES } from "../lifecycle.js";
import type { EffectiveState, Lang, LinkKind, LinkPreview } from "../contract/index.js";
import { LANGUAGES, LOOKUP_INPUT_MAX } from "../contract/index.js";
import { routedBy } from "../link-routes/describe.js";
import { clip } from "../analytics/clip.js";

export const LOOKUP_BODY_LIMIT = 2048;

export interface LookupResult {
  found: boolean;
  slug: string;
  kind?: LinkKind;
  state?: EffectiveState;
  target?: string;
  status?: number;
  schedule_label?: string;
  /** A link with routes: what can send a visitor elsewhere than `target` (docs/routes.md). */
  routed_by?: string[];
  /** The link's own card, as preview bots get it (docs/previews.md). */
  preview?: LinkPreview;
}

/** A slug, a path or a whole short URL, as a visitor types it, to the path to resolve. */
export function lookupPath(input: string): string | null {
  const text = input.trim();
  if (text === "" || text.length > LOOKUP_INPUT_MAX) return null;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) {
    try {
      const url = new URL(text);
      return url.pathname + url.search;
    } catch {
      return null;
    }
  }
  return text.startsWith("/") ? text : "/" + text;
}

export async function lookupSlug(
  input: string,
  ctx: ResolveContext,
  now: Date,
): Promise<LookupResult> {
  const path = lookupPath(input);
  // What a miss echoes: at most the lookup box's length, never half a surrogate pair (docs/limits.md).
  const slug = clip(input.trim(), LOOKUP_INPUT_MAX);
  if (path === null) return { found: false, slug };
  // A link with routes shows its own target: the answer without facts (docs/routes.md).
  const resolution = await resolve({ method: "GET", url: path, now, defaultTarget: true }, ctx);
  const link = resolution.link;
  const state = resolution.effective_state;
  if (!link || !state || STATE_OUTCOMES[state].kind === "hidden") return { found: false, slug };
  const result: LookupResult = { found: true, slug: link.slug, kind: link.kind, state };
  if (resolution.schedule_label) result.schedule_label = resolution.schedule_label;
  if (link.routes) result.routed_by = routedBy(link.routes);
  if (link.preview) result.preview = link.preview;
  if (resolution.outcome.type === "redirect") {
    result.target = resolution.outcome.location;
    result.status = resolution.outcome.status;
  }
  return result;
}

/** The language a no-JavaScript form post asked for, if it is one we serve. */
export function formLanguage(value: unknown): Lang | undefined {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value)
    ? (value as Lang)
    : undefined;
}

/** What a lookup beacon may carry: the slug and result, clipped. */
export function beaconFacts(
  body: Record<string, unknown>,
): { slug: string; result: string } | null {
  const { slug, result } = body;
  if (typeof slug !== "string" || typeof result !== "string") return null;
  return { slug: clip(slug, 200), result: clip(result, 50) };
}
