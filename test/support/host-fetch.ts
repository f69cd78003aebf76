/**
 * A request to a local server with the Host header a visitor's browser would send (fetch() sets
 * Host from the URL and ignores one given): for servers that answer by Host (docs/domains.md).
 * 127.0.0.1 only; redirects are returned, never followed.
 */
import http from "node:http";

export interface HostInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

export function fetchWithHost(url: string, host: string, init: HostInit = {}): Promise<Response> {
  const target = new URL(url);
  if (target.hostname !== "127.0.0.1")
    throw new Error(`fetchWithHost is for 127.0.0.1, not ${url}`);
  return new Promise((resolve, reject) => {
    const request = http.request(
      target,
      { method: init.method ?? "GET", headers: { ...init.headers, host } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(response.headers))
            for (const one of [value ?? []].flat()) headers.append(name, one);
          const status = response.statusCode ?? 0;
          const body = Buffer.concat(chunks);
          const empty = body.byteLength === 0 || [204, 205, 304].includes(status);
          resolve(new Response(empty ? null : body, { status, headers }));
        });
      },
    );
    request.on("error", reject);
    request.end(init.body);
  });
}
