/**
 * The options that name a link's fields, shared by `add` and `set` so both spell them alike, and
 * what they give: the row's fields, the schedule's parts and the card's.
 */
import { InvalidArgumentError, type Command } from "commander";
import { REDIRECT_STATUSES } from "../../runtime/contract/index.js";
import { oneOf } from "../shared/words.js";

export interface FieldOptions {
  status?: number;
  state?: string;
  scheduleLabel?: string;
  start?: string;
  end?: string;
  description?: string;
  owner?: string;
  tags?: string;
  title?: string;
  notes?: string;
  remainder?: string;
  previewTitle?: string;
  previewDescription?: string;
  previewImage?: string;
}

function statusNumber(value: string): number {
  if (!/^\d{3}$/.test(value))
    throw new InvalidArgumentError(`expected ${oneOf(REDIRECT_STATUSES)}`);
  return Number(value);
}

export function fieldOptions(command: Command): Command {
  return command
    .option("--status <n>", `redirect status: ${oneOf(REDIRECT_STATUSES)}`, statusNumber)
    .option("--state <state>", "active, paused, retired, disabled or draft")
    .option("--schedule-label <label>", "schedule label (exact links only)")
    .option("--start <time>", "schedule start, ISO 8601 with an offset")
    .option("--end <time>", "schedule end, ISO 8601 with an offset")
    .option("--description <text>", "description shown in stats and explain")
    .option("--title <text>", "a short human name, shown in stats and explain")
    .option("--notes <text>", "internal notes, shown in stats and explain, never on public pages")
    .option("--owner <text>", "owner shown in stats and explain")
    .option("--tags <list>", "tags separated by commas")
    .option(
      "--remainder <mode>",
      "splat links: append (default) or drop the rest of the path when the target has no :splat",
    )
    .option("--preview-title <text>", "the card's title, for link-preview bots (docs/previews.md)")
    .option("--preview-description <text>", "the card's description")
    .option(
      "--preview-image <path|url>",
      "the card's image: a file under custom/public (/cards/x.png) or an https URL",
    );
}

/** The fields the options give, without the schedule (see scheduleOf). */
export function fieldsOf(opts: FieldOptions): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  if (opts.status !== undefined) row.status = opts.status;
  if (opts.state !== undefined) row.state = opts.state;
  if (opts.remainder !== undefined) row.remainder = opts.remainder;
  if (opts.description !== undefined) row.description = opts.description;
  if (opts.tags !== undefined) row.tags = tagsOf(opts.tags);
  if (opts.owner !== undefined) row.owner = opts.owner;
  if (opts.title !== undefined) row.title = opts.title;
  if (opts.notes !== undefined) row.notes = opts.notes;
  return row;
}

export function tagsOf(list: string): string[] {
  return list
    .split(",")
    .map((t) => t.trim())
    .filter(Boolean);
}

/** The card's parts given (`preview`, docs/previews.md), or undefined. */
export function previewOf(
  opts: FieldOptions,
): { title?: string; description?: string; image?: string } | undefined {
  const parts: { title?: string; description?: string; image?: string } = {};
  if (opts.previewTitle !== undefined) parts.title = opts.previewTitle;
  if (opts.previewDescription !== undefined) parts.description = opts.previewDescription;
  if (opts.previewImage !== undefined) parts.image = opts.previewImage;
  return Object.keys(parts).length > 0 ? parts : undefined;
}

/** The schedule parts given, or undefined. */
export function scheduleOf(
  opts: FieldOptions,
): { label?: string; start?: string; end?: string } | undefined {
  const parts: { label?: string; start?: string; end?: string } = {};
  if (opts.scheduleLabel !== undefined) parts.label = opts.scheduleLabel;
  if (opts.start !== undefined) parts.start = opts.start;
  if (opts.end !== undefined) parts.end = opts.end;
  return Object.keys(parts).length > 0 ? parts : undefined;
}
