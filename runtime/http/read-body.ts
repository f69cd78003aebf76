/** Bounded request-body reading for the two POST endpoints: 413 / 415 / 400, never a 500. */

export type BodyResult<T> =
  { ok: true; value: T; form: boolean } | { ok: false; status: 400 | 413 | 415; error: string };

export async function readSmallBody(
  request: Request,
  limit: number,
  options: { allowForm: boolean },
): Promise<BodyResult<Record<string, unknown>>> {
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  const form = type === "application/x-www-form-urlencoded";
  if (type !== "application/json" && !(options.allowForm && form))
    return { ok: false, status: 415, error: "unsupported content type" };
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limit) return { ok: false, status: 413, error: "body too large" };
  const text = await readLimited(request, limit);
  if (text === null) return { ok: false, status: 413, error: "body too large" };
  if (form) return { ok: true, value: Object.fromEntries(new URLSearchParams(text)), form };
  try {
    const value: unknown = JSON.parse(text);
    if (value === null || typeof value !== "object" || Array.isArray(value))
      return { ok: false, status: 400, error: "body must be a JSON object" };
    return { ok: true, value: value as Record<string, unknown>, form };
  } catch {
    return { ok: false, status: 400, error: "invalid JSON" };
  }
}

async function readLimited(request: Request, limit: number): Promise<string | null> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}
