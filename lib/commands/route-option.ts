/**
 * `add --route WHEN --route-target URL` and `set --route ...` (repeatable, paired in order; `set`
 * replaces the link's routes with them) as the rows' `routes`
 * (docs/routes.md, "Adding a route"). WHEN is `key=value` pairs separated by `;`, a list by `,`
 * (`country=FR,BE; language=fr`), `query.NAME=value` for a query parameter; each value is read as
 * YAML reads a plain value (`13335` a number, `true` a boolean). A WHEN that starts with `{` is a
 * YAML flow mapping, for conditions the pairs cannot say (`not`); `time=DAYS HH:MM-HH:MM ZONE` is
 * one weekly window (`time=mon-fri 09:00-17:00 Europe/Paris`). The compiler validates
 * the result as it validates a file, so nothing here knows the condition keys.
 */
import type { Command } from "commander";
import { parse } from "yaml";

/** The options `--route` and `--route-target`, read by routesOf. */
export interface RouteOptions {
  route: string[];
  routeTarget: string[];
}

const collect = (value: string, previous: string[]) => [...previous, value];

/** `--route WHEN --route-target URL` on `command` (add and set read them alike). */
export function routeOptions(command: Command): Command {
  return command
    .option(
      "--route <when>",
      "a route's conditions: key=value pairs separated by ';', lists by ',' (device=ios; country=FR,BE), time=mon-fri 09:00-17:00 Europe/Paris for a weekly window, or a YAML flow mapping; repeatable, each with its --route-target",
      collect,
      [],
    )
    .option("--route-target <url>", "the target of the --route in the same position", collect, []);
}

export type RoutesOption = { routes: Record<string, unknown>[] } | { problem: string };

export function routesOf(whens: readonly string[], targets: readonly string[]): RoutesOption {
  if (whens.length !== targets.length)
    return {
      problem: `give one --route-target per --route, in the same order (got ${whens.length} --route and ${targets.length} --route-target)`,
    };
  const routes: Record<string, unknown>[] = [];
  for (const [i, text] of whens.entries()) {
    const when = whenOf(text.trim());
    if ("problem" in when) return { problem: `--route ${JSON.stringify(text)}: ${when.problem}` };
    routes.push({ when: when.value, target: targets[i] });
  }
  return { routes };
}

function whenOf(text: string): { value: Record<string, unknown> } | { problem: string } {
  if (text === "") return { problem: "it is empty; write key=value, such as device=ios" };
  if (text.startsWith("{")) {
    try {
      const value: unknown = parse(text, { uniqueKeys: true });
      if (value && typeof value === "object" && !Array.isArray(value))
        return { value: value as Record<string, unknown> };
      return { problem: "it is not a mapping" };
    } catch (error) {
      return { problem: `cannot read it: ${(error as Error).message.split("\n")[0]}` };
    }
  }
  const when: Record<string, unknown> = {};
  for (const pair of text
    .split(";")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const eq = pair.indexOf("=");
    if (eq <= 0) return { problem: `"${pair}" is not key=value (such as device=ios)` };
    const key = pair.slice(0, eq).trim();
    if (key === "time") {
      const window = windowOf(pair.slice(eq + 1).trim());
      if (!window)
        return {
          problem: `time= expects DAYS HH:MM-HH:MM ZONE, such as time=mon-fri 09:00-17:00 Europe/Paris`,
        };
      when.time = window;
      continue;
    }
    const values = pair
      .slice(eq + 1)
      .split(",")
      .map((v) => plain(v.trim()));
    const value = values.length === 1 ? values[0] : values;
    if (key.startsWith("query.")) {
      const query = (when.query ??= {}) as Record<string, unknown>;
      query[key.slice("query.".length)] = value;
    } else when[key] = value;
  }
  return { value: when };
}

/** `mon-fri 09:00-17:00 Europe/Paris` (days as docs/routes.md reads them, a list by `,`). */
function windowOf(text: string): Record<string, unknown> | undefined {
  const found = /^(\S+)\s+(\d{2}:\d{2})-(\d{2}:\d{2})\s+(\S+)$/.exec(text);
  if (!found) return undefined;
  const days = found[1].split(",");
  return { days: days.length === 1 ? days[0] : days, from: found[2], to: found[3], tz: found[4] };
}

/** A plain YAML scalar: `13335` a number, `true` a boolean, anything else the text itself. */
function plain(text: string): unknown {
  try {
    const value: unknown = parse(text);
    return typeof value === "number" || typeof value === "boolean" ? value : text;
  } catch {
    return text;
  }
}
