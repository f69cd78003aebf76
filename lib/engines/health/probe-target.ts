/**
 * Follows one target hop by hop and classifies where it ends. Every hop is judged by the
 * target rules (runtime/targets, the module the compiler and the worker use) BEFORE it is
 * fetched: a redirect to a private address, a shortener or an executable ends the chain as
 * unsafe-final without a request to it. Redirects are followed by hand, up to a limit, and a
 * URL seen twice is a loop.
 */
import { checkTarget, type TargetPolicy } from "../../../runtime/targets/index.js";
import type { TargetAllowance } from "../../../runtime/contract/index.js";
import type { Clock } from "./clock.js";
import { fetchHop, type HopPolicy } from "./fetch-hop.js";
import type { HealthClass, Hop, Probe } from "./types.js";

export interface ProbePolicy extends HopPolicy {
  policy: TargetPolicy;
  clock: Clock;
  maxRedirects: number;
  /** A chain that ends well but takes longer than this is slow. */
  slowMs: number;
}

/** Same place: only an http -> https upgrade (not the reverse) or a trailing slash told apart. */
export function sameDestination(target: string, final: string): boolean {
  const upgrade = target.startsWith("http:") && final.startsWith("https:");
  const strip = (text: string) => {
    const url = new URL(text);
    if (upgrade && url.protocol === "http:" && url.port === "") url.protocol = "https:";
    url.pathname = url.pathname.replace(/\/+$/, "") || "/";
    url.hash = "";
    return url.href;
  };
  return strip(target) === strip(final);
}

export async function probeTarget(
  target: string,
  ctx: ProbePolicy,
  allow?: TargetAllowance,
): Promise<Probe> {
  const start = ctx.clock.now();
  // Waits for a host's free slot are other links' time: the chain's own time leaves them out.
  let queuedMs = 0;
  const timed: HopPolicy = {
    ...ctx,
    send: (url, method) => ctx.send(url, method, (ms) => (queuedMs += ms)),
  };
  const elapsed = () => ctx.clock.now() - start - queuedMs;
  const chain: Hop[] = [];
  const seen = new Set<string>();
  const done = (cls: HealthClass, problem: string | null, finalUrl: string): Probe => {
    const last = chain.length ? chain[chain.length - 1].status : null;
    return {
      class: cls,
      status: last,
      chain,
      final_url: finalUrl,
      problem,
      ms: Math.round(elapsed()),
    };
  };
  let url = target;
  for (let hop = 0; ; hop++) {
    const verdict = checkTarget(url, ctx.policy, hop === 0 ? allow : undefined);
    if (!verdict.ok) {
      chain.push({ url, status: null });
      const where = hop === 0 ? "the target" : `hop ${hop + 1}`;
      return done("unsafe-final", `${where} fails the target rules: ${verdict.message}`, url);
    }
    if (hop === 0 && verdict.allowed)
      return done(
        "unchecked",
        `intranet target opened by an allowance (${verdict.allowed.join(", ")}): health never fetches private addresses`,
        url,
      );
    url = verdict.url;
    if (seen.has(url)) return done("broken", `redirect loop: back to ${url}`, url);
    seen.add(url);
    const answer = await fetchHop(new URL(url), timed);
    if (!answer.ok) {
      chain.push({ url, status: null });
      const { kind, message } = answer.problem;
      if (kind === "deadline") return done("unchecked", message, url);
      return done(kind === "unsafe-address" ? "unsafe-final" : "broken", message, url);
    }
    chain.push({ url, status: answer.status });
    if (answer.status >= 300 && answer.status < 400) {
      if (answer.location === null)
        return done("broken", `HTTP ${answer.status} without a Location header`, url);
      if (hop + 1 > ctx.maxRedirects)
        return done("broken", `more than ${ctx.maxRedirects} redirects`, url);
      let next: URL;
      try {
        next = new URL(answer.location, url);
      } catch {
        return done("broken", `HTTP ${answer.status} with an invalid Location header`, url);
      }
      url = next.href;
      continue;
    }
    if (answer.status >= 400) return done("broken", `HTTP ${answer.status}`, url);
    if (!sameDestination(target, url)) return done("moved", `ends at ${url}`, url);
    const ms = elapsed();
    if (ms > ctx.slowMs)
      return done("slow", `took ${Math.round(ms)} ms (slow above ${ctx.slowMs} ms)`, url);
    return done("ok", null, url);
  }
}
