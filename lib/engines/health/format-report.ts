/**
 * The report as a person reads it: a table, most severe first, and a one-line summary. What a
 * server answered (a Location, an error) is shown with its controls escaped.
 */
import pc from "picocolors";
import { printable } from "../../shared/printable.js";
import { HEALTH_CLASSES, type HealthClass, type HealthReport, type HealthResult } from "./types.js";

const MAX_SLUG = 40;

function detail(result: HealthResult): string {
  if (result.class === "ok") return result.final_url;
  return result.problem ?? "";
}

/** Which route of the link the target is, when it is one, or that it is the card's image. */
function routeOf(result: HealthResult): string {
  if (result.preview_image) return " [card image]";
  if (result.route === undefined) return "";
  const variant = result.variant === undefined ? "" : `, variant ${result.variant}`;
  return printable(` [route ${result.route}${variant}]`);
}

function clip(text: string, width: number): string {
  return text.length <= width ? text : text.slice(0, width - 3) + "...";
}

export function summaryLine(report: HealthReport): string {
  const counts = new Map<HealthClass, number>();
  for (const r of report.results) counts.set(r.class, (counts.get(r.class) ?? 0) + 1);
  const parts = HEALTH_CLASSES.filter((c) => counts.has(c)).map((c) => `${counts.get(c)} ${c}`);
  const links = `${report.checked} link${report.checked === 1 ? "" : "s"}`;
  return `checked ${links}${parts.length ? ": " + parts.join(", ") : ""}`;
}

export function formatReport(report: HealthReport, options: { color?: boolean } = {}): string[] {
  const colors = pc.createColors(options.color ?? false);
  const paint: Record<HealthClass, (s: string) => string> = {
    "unsafe-final": colors.red,
    broken: colors.red,
    unchecked: colors.yellow,
    moved: colors.yellow,
    slow: colors.yellow,
    ok: colors.green,
  };
  const rows = report.results.map((r) => ({
    cls: r.class,
    cells: [
      r.class,
      printable(clip(r.slug, MAX_SLUG)) + routeOf(r),
      r.status === null ? "-" : String(r.status),
      String(r.ms),
      printable(detail(r)),
    ],
  }));
  const header = ["CLASS", "SLUG", "STATUS", "MS", "DETAIL"];
  const widths = header.map((h, i) =>
    rows.reduce((width, r) => Math.max(width, r.cells[i].length), h.length),
  );
  const line = (cells: string[], cls?: HealthClass) =>
    cells
      .map((cell, i) => {
        const padded = i === cells.length - 1 ? cell : cell.padEnd(widths[i]);
        return i === 0 && cls ? paint[cls](padded) : padded;
      })
      .join("  ")
      .trimEnd();
  return [line(header), ...rows.map((r) => line(r.cells, r.cls)), "", summaryLine(report)];
}
