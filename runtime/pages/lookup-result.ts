/**
 * The lookup result, rendered from a template that carries every localized variant.
 * Used by the worker for the no-JavaScript form post (the `lookup-result` page) and, bundled to
 * `/assets/lookup-result.js`, by the lookup page's script: one implementation for both.
 *
 * Template markers (see docs/pages.md):
 *   <!--when found|unavailable-->...<!--end when-->   kept only for the listed variants
 *   <!--if schedule_label-->...<!--end if-->          kept only when the slot has a value
 *   {{slug}} {{target}} {{status}} {{schedule_label}} {{kind}} {{state}}   filled, HTML-escaped
 *   {{routed_by}}  a link with routes: the request facts that can change its target, joined
 *   {{short_url}}  the short link's public URL (found links, when the base URL is known), escaped
 *   {{qr}}         its QR code as inline SVG markup (qr-svg.ts): generated here, never escaped;
 *                  empty when the URL is too long for a QR code
 *   {{input}}      what the visitor typed, escaped: the lookup box's value when it is shown again
 *   {{preview_title}} {{preview_description}}   the link's card (docs/previews.md), escaped
 */
import { STATE_PAGES } from "../contract/forms.js";
import { escapeHtml } from "./escape.js";
import { qrSvg, shortLinkUrl } from "./qr-svg.js";
import type { LinkKind } from "../contract/index.js";

export interface LookupResultLike {
  found: boolean;
  slug: string;
  kind?: LinkKind;
  state?: string;
  target?: string;
  status?: number;
  schedule_label?: string;
  routed_by?: string[];
  preview?: { title?: unknown; description?: unknown };
}

export const LOOKUP_VARIANTS = ["found", "unavailable", "not-found", ...STATE_PAGES] as const;
export type LookupVariant = (typeof LOOKUP_VARIANTS)[number];

/** Only web addresses are ever shown as a link target. */
function safeTarget(target: string | undefined): string | undefined {
  return target !== undefined && /^https?:\/\//i.test(target) ? target : undefined;
}

/** Which message a result gets. An active link without a usable target is `unavailable`. */
export function lookupVariant(result: LookupResultLike): LookupVariant {
  if (!result.found) return "not-found";
  const byState = STATE_PAGES.find((variant) => variant === result.state);
  if (byState) return byState;
  return safeTarget(result.target) ? "found" : "unavailable";
}

/** The `result` the lookup beacon reports: "found", "not-found" or the effective state. */
export function lookupBeaconResult(result: LookupResultLike): string {
  const variant = lookupVariant(result);
  if (variant === "unavailable") return result.state ?? "active";
  return variant;
}

/** Where the result is shown: the instance's base URL, and what the visitor typed. */
export interface LookupContext {
  baseUrl?: string;
  /**
   * The visitor's input: a splat or placeholder link's short URL is the path they asked for, not
   * `prefix/*` or `issue/:id`.
   */
  input?: string;
}

function slotValues(result: LookupResultLike, context: LookupContext): Map<string, string> {
  const values = new Map<string, string>([
    ["slug", String(result.slug ?? "")],
    ["input", context.input ?? ""],
  ]);
  const target = safeTarget(result.target);
  if (target !== undefined) values.set("target", target);
  if (result.status !== undefined) values.set("status", String(result.status));
  if (result.schedule_label) values.set("schedule_label", String(result.schedule_label));
  if (Array.isArray(result.routed_by) && result.routed_by.length > 0)
    values.set("routed_by", result.routed_by.map(String).join(", "));
  if (typeof result.preview?.title === "string") values.set("preview_title", result.preview.title);
  if (typeof result.preview?.description === "string")
    values.set("preview_description", result.preview.description);
  if (result.kind) values.set("kind", String(result.kind));
  if (result.state) values.set("state", String(result.state));
  if (context.baseUrl && lookupVariant(result) === "found") {
    const asked =
      result.kind && result.kind !== "exact" ? (context.input ?? "") : String(result.slug ?? "");
    const url = shortLinkUrl(context.baseUrl, asked);
    values.set("short_url", url);
    const qr = qrSvg(url); // none when the URL is too long for a QR code
    if (qr !== null) values.set("qr", qr);
  }
  return values;
}

const WHEN = /<!--when ([a-z|-]+)-->([\s\S]*?)<!--end when-->/g;
const IF = /<!--if ([a-z_]+)-->([\s\S]*?)<!--end if-->/g;
const SLOT = /\{\{([a-z_]+)\}\}/g;

export function renderLookupResult(
  templateHtml: string,
  result: LookupResultLike,
  context: LookupContext = {},
): string {
  const variant = lookupVariant(result);
  const values = slotValues(result, context);
  return templateHtml
    .replace(WHEN, (_all, list: string, body: string) =>
      list.split("|").includes(variant) ? body : "",
    )
    .replace(IF, (_all, name: string, body: string) => (values.get(name) ? body : ""))
    .replace(SLOT, (_all, name: string) =>
      name === "qr" ? (values.get("qr") ?? "") : escapeHtml(values.get(name) ?? ""),
    );
}

const INPUT_SLOT = "{{input}}";

/** A page's lookup box filled with `value` (`?slug=`), escaped; empty when there is none. */
export function fillLookupInput(html: string, value: string): string {
  return html.includes(INPUT_SLOT) ? html.replaceAll(INPUT_SLOT, escapeHtml(value)) : html;
}
