// Placeholder entry so the bundler has something to build; the lead replaces it with the real wiring.
import type { Env } from "./env.js";
import { GENERATOR } from "./version.js";

export default {
  async fetch(_request: Request, _env: Env): Promise<Response> {
    return new Response("Not found", { status: 404, headers: { "X-Generated-By": GENERATOR } });
  },
};
