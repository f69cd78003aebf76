/** Known-bot detection (isbot) and a short, stable bot family name for reports. */
import { isbot, isbotMatch } from "isbot";

export interface BotVerdict {
  bot: boolean;
  /** Lower-case product name, for example `googlebot`, `curl`; `unknown` without a User-Agent. */
  family?: string;
}

const BOT_WORD = /bot|crawl|spider|slurp|fetch|scan|preview/i;
const MAX_FAMILY = 50;

/** A missing or empty User-Agent is treated as a bot: no browser sends none. */
export function detectBot(userAgent: string | null): BotVerdict {
  const ua = (userAgent ?? "").trim();
  if (ua === "") return { bot: true, family: "unknown" };
  if (!isbot(ua)) return { bot: false };
  return { bot: true, family: botFamily(ua) };
}

function botFamily(ua: string): string {
  const tokens = ua.split(/[\s;()]+/).filter((t) => t !== "" && !/^\+?https?:/i.test(t));
  const named = tokens.find((t) => BOT_WORD.test(t.split("/")[0]));
  const match = isbotMatch(ua) ?? "";
  const token =
    named ?? tokens.find((t) => match !== "" && t.includes(match)) ?? tokens[0] ?? "unknown";
  const name = token
    .split("/")[0]
    .replace(/^[^A-Za-z0-9]+/, "")
    .toLowerCase();
  return (name === "" ? "unknown" : name).slice(0, MAX_FAMILY);
}
