/**
 * A link's routes as compiled (docs/routes.md): tried in order, the first whose `when` holds gives
 * the target, the link's own `target` when none does. The compiler writes them canonical (lists
 * always lists, codes upper-case, language tags lower-case, days named mon..sun), so the runtime
 * reads one spelling of each condition and `diff` compares like with like.
 */

export const DEVICES = ["ios", "ipados", "android", "mobile", "tablet", "desktop"] as const;
export type Device = (typeof DEVICES)[number];

export const OPERATING_SYSTEMS = [
  "ios",
  "ipados",
  "android",
  "windows",
  "macos",
  "linux",
  "chromeos",
] as const;
export type OperatingSystem = (typeof OPERATING_SYSTEMS)[number];

export const BROWSERS = ["chrome", "edge", "firefox", "safari", "opera", "samsung"] as const;
export type Browser = (typeof BROWSERS)[number];

/** `true`: any known bot; `false`: no bot; `preview`: a link-preview bot (Slack, Discord, ...). */
export type BotValue = boolean | "preview";

export const CONTINENTS = ["AF", "AN", "AS", "EU", "NA", "OC", "SA", "T1"] as const;

export const DAY_NAMES = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
export type DayName = (typeof DAY_NAMES)[number];

/** `tz` of a time window that reads the visitor's own zone (`request.cf.timezone`). */
export const VISITOR_TIME_ZONE = "visitor";

/**
 * A weekly window in a time zone: local wall-clock time from `from` (inclusive) to `to`
 * (exclusive, `24:00` for the end of the day), on the named days; `to` before `from` runs past
 * midnight into the next day, and the window belongs to the day it starts on.
 */
export interface TimeWindow {
  days: DayName[];
  /** `HH:MM`, 00:00 to 23:59. */
  from: string;
  /** `HH:MM`, 00:01 to 24:00; never equal to `from`. */
  to: string;
  /** An IANA zone, or `visitor`. */
  tz: string;
}

/** One value or several of a query parameter (decoded), or `true` present, `false` absent. */
export type QueryCondition = string[] | boolean;

/** The conditions of a route: keys ANDed, the values of a list ORed. */
export interface RouteWhen {
  country?: string[];
  continent?: string[];
  /** ISO 3166-2, such as `US-TX`. */
  region?: string[];
  asn?: number[];
  /** CIDR blocks, canonical text (`192.0.2.0/24`, `2001:db8::/32`). */
  ip?: string[];
  /** Language tags, lower-case. */
  language?: string[];
  device?: Device[];
  os?: OperatingSystem[];
  browser?: Browser[];
  bot?: BotValue[];
  query?: Record<string, QueryCondition>;
  time?: TimeWindow[];
  /** ISO 8601 with an offset: the request is at or after it. */
  after?: string;
  /** ISO 8601 with an offset: the request is before it. */
  before?: string;
  not?: RouteWhen;
}

export const ROUTE_CONDITION_KEYS = [
  "country",
  "continent",
  "region",
  "asn",
  "ip",
  "language",
  "device",
  "os",
  "browser",
  "bot",
  "query",
  "time",
  "after",
  "before",
  "not",
] as const satisfies readonly (keyof RouteWhen)[];
export type RouteConditionKey = (typeof ROUTE_CONDITION_KEYS)[number];

export interface SplitVariant {
  /** A name for analytics; the variant's position (from 1) otherwise. */
  id?: string;
  /** A positive integer; a variant is picked with probability weight / total. */
  weight: number;
  target: string;
}

/** A route: its conditions and one target, or a weighted split of several. */
export interface LinkRoute {
  /** A name for analytics and explain; the route's position (from 1) otherwise. */
  id?: string;
  /** Absent only on a split: an unconditional split takes every request that reaches it. */
  when?: RouteWhen;
  target?: string;
  split?: SplitVariant[];
  /** 1-based line of the route in its source file. */
  line: number;
}

/**
 * Request facts as a person names them, in custom/tests.yaml and on `explain`'s command line
 * (runtime/link-routes/named-facts.ts turns them into a request).
 */
export interface NamedFacts {
  country?: string;
  continent?: string;
  /** ISO 3166-2 (`US-TX`); its country is the request's country unless `country` says it. */
  region?: string;
  asn?: number;
  /** The visitor's IANA zone (`request.cf.timezone`, read by `tz: visitor`). */
  timezone?: string;
  ip?: string;
  /** An Accept-Language value. */
  lang?: string;
  /** A User-Agent. */
  ua?: string;
  /** Parameters added to the path's query (a list repeats the key). */
  query?: Record<string, string | string[]>;
  /** The split draw, in [0, 1). */
  split_draw?: number;
  /** Inside a private zone: the e-mail of the person signed in (docs/private-links.md). */
  as?: string;
}
