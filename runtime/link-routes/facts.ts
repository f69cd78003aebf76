/**
 * The request facts routes read (docs/routes.md, "Request facts"). The worker fills them from
 * `request.cf`, `CF-Connecting-IP`, `User-Agent`, `Accept-Language` and the query; `explain`,
 * `check` and the tests page from their options. A fact the request lacks is absent, never
 * guessed, and a condition on it never holds.
 */
import { rankedLanguageTags } from "../language.js";
import { remember } from "../lru.js";
import { parseAddress } from "./cidr.js";
import { localTime, type LocalTime } from "./time-window.js";
import { agentOf, type AgentFacts } from "./user-agent.js";

/** What Cloudflare tells about the request (`request.cf`), as routes read it. */
export interface EdgeFacts {
  /** ISO 3166-1 alpha-2, upper-case (`T1`: Tor). */
  country?: string;
  continent?: string;
  /** ISO 3166-2: the country and `cf.regionCode`, such as `US-TX`. */
  region?: string;
  asn?: number;
  /** An IANA zone name. */
  timezone?: string;
}

/** The inputs of routes beyond the URL and the time. */
export interface VisitorFacts {
  acceptLanguage?: string | null;
  edge?: EdgeFacts;
  /** The client's address (`CF-Connecting-IP`). */
  ip?: string | null;
  userAgent?: string | null;
  /** The split draw, a number in [0, 1), asked only when a split route is reached. */
  draw?: () => number;
}

/**
 * Request facts a caller gives instead of the platform's (`explain`, `check`, the tests page):
 * `request.cf` exists only on Cloudflare, and the split draw is theirs to fix. Without `draw`,
 * a split takes its first variant (explain shows them all).
 */
export interface GivenFacts {
  edge?: EdgeFacts;
  draw?: number;
  /**
   * Inside a private zone: answer as this person, signed in to the path's zone, without a token
   * (`explain --as`; docs/private-links.md). `{}`: a token without an e-mail. The worker never
   * takes it from a request.
   */
  as?: { email?: string };
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value !== "" ? value : undefined;

/**
 * `request.cf` as routes read it. `XX` is how Cloudflare spells a country it could not tell (in
 * the CF-IPCountry header): absent here, like a missing one.
 */
export function edgeFactsOf(cf: unknown): EdgeFacts {
  if (cf === null || typeof cf !== "object") return {};
  const raw = cf as Record<string, unknown>;
  const facts: EdgeFacts = {};
  const country = text(raw.country)?.toUpperCase();
  if (country && country !== "XX") facts.country = country;
  const continent = text(raw.continent)?.toUpperCase();
  if (continent) facts.continent = continent;
  const regionCode = text(raw.regionCode)?.toUpperCase();
  if (facts.country && regionCode) facts.region = `${facts.country}-${regionCode}`;
  const asn = typeof raw.asn === "string" ? Number(raw.asn) : raw.asn;
  // AS0 is reserved (RFC 7607): what a local engine sends for "no network".
  if (typeof asn === "number" && Number.isInteger(asn) && asn > 0) facts.asn = asn;
  const timezone = text(raw.timezone);
  if (timezone) facts.timezone = timezone;
  return facts;
}

/** Accept-Language headers whose ranking an isolate keeps. */
export const RANKING_MEMO_LIMIT = 256;
const rankings = new Map<string, string[]>();

/** One request's facts, each derived once and only when a condition asks for it. */
export class Facts {
  private agentFacts?: AgentFacts | null;
  private address?: number[] | null;
  private params?: URLSearchParams;
  private tags?: string[];
  private readonly clocks = new Map<string, LocalTime | undefined>();
  private drawn?: number;
  private edgeFacts?: EdgeFacts;

  constructor(
    readonly input: VisitorFacts,
    readonly url: URL,
    readonly now: Date,
  ) {}

  get edge(): EdgeFacts {
    return (this.edgeFacts ??= this.input.edge ?? {});
  }

  /** The User-Agent's facts; null without one. */
  agent(): AgentFacts | null {
    if (this.agentFacts === undefined) {
      const ua = this.input.userAgent?.trim();
      this.agentFacts = ua ? agentOf(ua) : null;
    }
    return this.agentFacts;
  }

  /** The client's address as bytes; null without one (or with one that is not an address). */
  ip(): number[] | null {
    if (this.address === undefined) {
      const ip = this.input.ip?.trim();
      this.address = ip ? parseAddress(ip) : null;
    }
    return this.address;
  }

  query(): URLSearchParams {
    return (this.params ??= this.url.searchParams);
  }

  /** Accept-Language tags by preference; null without the header. */
  languageTags(): string[] | null {
    const header = this.input.acceptLanguage;
    if (!header?.trim()) return null;
    if (!this.tags) {
      // Visitors send a few dozen distinct headers: each is ranked once per isolate.
      this.tags = rankings.get(header) ?? rankedLanguageTags(header);
      remember(rankings, header, this.tags, RANKING_MEMO_LIMIT);
    }
    return this.tags;
  }

  /** The wall clock of `tz` now (`visitor`: the visitor's zone); undefined when unknown. */
  clock(tz: string | undefined): LocalTime | undefined {
    if (tz === undefined) return undefined;
    if (!this.clocks.has(tz)) this.clocks.set(tz, localTime(tz, this.now.getTime()));
    return this.clocks.get(tz);
  }

  /** The split draw: the request's own, or 0 (the first variant) where none is given. */
  draw(): number {
    if (this.drawn === undefined) {
      const value = this.input.draw?.() ?? 0;
      this.drawn = value >= 0 && value < 1 ? value : 0;
    }
    return this.drawn;
  }

  /** Whether the draw was the request's own (explain shows every variant when it is not). */
  get drawGiven(): boolean {
    return this.input.draw !== undefined;
  }
}
