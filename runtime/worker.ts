/**
 * The worker entry: wires the platform to the engine (engine/handle.ts), and nothing else. Only
 * the bundle imports it; the compiler uses the engine itself (engine/answer.ts).
 */
import { answerRequest } from "./engine/answer.js";
import { handleRequest } from "./engine/handle.js";
import type { Env, WaitUntil } from "./env.js";
import { warmUpStats } from "./stats/warm-up.js";
import { warmUp } from "./warm-up.js";

export default {
  fetch(request: Request, env: Env, ctx: WaitUntil): Promise<Response> {
    return handleRequest(request, env, ctx);
  },
};

// Compile the request path at isolate start-up rather than on its first request (warm-up.ts).
void warmUp(answerRequest);
void warmUpStats();
