/** One checker for the shared case table, whatever runner produced the answer. */
import type { RequestCase } from "../cases/requests.js";

export interface Answer {
  status: number;
  headers: Headers;
}

/** A list of mismatches, empty when the answer is what the case expects. */
export function mismatches(c: RequestCase, answer: Answer): string[] {
  const problems: string[] = [];
  if (answer.status !== c.status) problems.push(`status ${answer.status}, expected ${c.status}`);
  if (c.location !== undefined) {
    const location = answer.headers.get("location");
    if (location !== c.location) problems.push(`location ${location}, expected ${c.location}`);
  }
  for (const [name, want] of Object.entries(c.expectHeaders ?? {})) {
    const got = answer.headers.get(name);
    if (
      want === null
        ? got !== null
        : typeof want === "string"
          ? got !== want
          : got === null || !want.test(got)
    )
      problems.push(`header ${name}: ${got}, expected ${String(want)}`);
  }
  return problems;
}

export function caseRequest(c: RequestCase, origin = "https://links.example.com"): Request {
  return new Request(origin + c.path, {
    method: c.method ?? "GET",
    headers: c.headers,
    body: c.body,
  });
}
