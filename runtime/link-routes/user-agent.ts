/**
 * The `device`, `os`, `browser` and `bot` conditions read the User-Agent with a few small
 * patterns (docs/routes.md, "device, os, browser, bot"): no parsing library reaches the worker.
 * mobile, tablet and desktop exclude each other; an iPad is `ipados` and a tablet, unless it sends
 * the desktop Safari User-Agent (iPadOS does by default), and then it is a Mac desktop.
 */
import { isbot } from "isbot";
import type { Browser, Device, OperatingSystem } from "../contract/index.js";
import { remember } from "../lru.js";
import { previewBotOf } from "./preview-bots.js";

export interface AgentFacts {
  /** Every device value that holds: one of mobile, tablet, desktop, and ios, ipados or android. */
  devices: Device[];
  os?: OperatingSystem;
  browser?: Browser;
  bot: boolean;
  preview: boolean;
}

const TABLET = /Tablet|Kindle|Silk\/|PlayBook/i;
const MOBILE = /Mobi|Opera Mini|IEMobile|BlackBerry|BB10|Windows Phone/i;

const BROWSER_PATTERNS: [Browser, RegExp][] = [
  ["samsung", /SamsungBrowser\//],
  ["edge", /Edg(?:e|A|iOS)?\//],
  ["opera", /OPR\/|OPiOS\/|Opera/],
  ["firefox", /Firefox\/|FxiOS\//],
  ["chrome", /Chrome\/|CriOS\/|Chromium\//],
  ["safari", /Version\/[\d.]+.*Safari\//],
];

/** User-Agents an isolate keeps the facts of: a few browser builds make most of the traffic. */
export const AGENT_MEMO_LIMIT = 512;
const agents = new Map<string, AgentFacts>();

/**
 * The facts of `ua`, read once per isolate while it stays among the recent ones: isbot's pattern
 * alone costs a few microseconds, and a popular link sees the same User-Agents again and again.
 */
export function agentOf(ua: string): AgentFacts {
  const facts = agents.get(ua) ?? readAgent(ua);
  remember(agents, ua, facts, AGENT_MEMO_LIMIT);
  return facts;
}

export function readAgent(ua: string): AgentFacts {
  const preview = previewBotOf(ua) !== undefined;
  const facts: AgentFacts = { devices: [], bot: preview || isbot(ua), preview };
  if (/iPad/.test(ua)) {
    facts.devices.push("ipados", "tablet");
    facts.os = "ipados";
  } else if (/iPhone|iPod/.test(ua)) {
    facts.devices.push("ios", "mobile");
    facts.os = "ios";
  } else if (/Android/.test(ua)) {
    facts.devices.push("android", /Mobile/.test(ua) ? "mobile" : "tablet");
    facts.os = "android";
  } else {
    facts.devices.push(TABLET.test(ua) ? "tablet" : MOBILE.test(ua) ? "mobile" : "desktop");
    facts.os = desktopOs(ua);
  }
  facts.browser = BROWSER_PATTERNS.find(([, pattern]) => pattern.test(ua))?.[0];
  return facts;
}

function desktopOs(ua: string): OperatingSystem | undefined {
  if (/Windows/.test(ua)) return "windows";
  if (/CrOS/.test(ua)) return "chromeos";
  if (/Macintosh|Mac OS X/.test(ua)) return "macos";
  if (/Linux|X11/.test(ua)) return "linux";
  return undefined;
}
