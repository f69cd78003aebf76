/** What `analytics test` prints of a provider's answer: no secret, no raw control, one line. */
import { describe, expect, it } from "vitest";
import { ANSWER_SHOWN_MAX, answerText } from "./answer-text.js";

const KEY = "rb_k3y/with+signs";
const ENV = {
  PROVIDER_B_COLLECTION_KEY: KEY,
  PROVIDER_A_WEBSITE_ID: "6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b",
  PROVIDER_B_SITE_ID: "42",
};

describe("analytics test: a provider's answer as printed", () => {
  it.each([
    ["as it is", `Authorization: Bearer ${KEY}`],
    ["inside a JSON string", JSON.stringify({ authorization: `Bearer ${KEY}` })],
    ["URL-encoded", `?key=${encodeURIComponent(KEY)}`],
  ])("the collection key echoed %s is replaced by its variable's name", (_how, body) => {
    const shown = answerText(body, ENV);
    expect(shown).not.toContain("k3y");
    expect(shown).toContain("[PROVIDER_B_COLLECTION_KEY]");
  });

  it("a website id is redacted; a short numeric site id is left (it could be any number)", () => {
    const shown = answerText(`{"website":"${ENV.PROVIDER_A_WEBSITE_ID}","site":42}`, ENV);
    expect(shown).toBe('{"website":"[PROVIDER_A_WEBSITE_ID]","site":42}');
  });

  it(`controls are escaped, and the line is cut at ${ANSWER_SHOWN_MAX} characters`, () => {
    expect(answerText("\u001b[2Jok\u0007", {})).toBe("\\u001b[2Jok\\u0007");
    const long = answerText("x".repeat(5000), {});
    expect(long).toHaveLength(ANSWER_SHOWN_MAX);
    expect(long.endsWith("…")).toBe(true);
  });

  it("a key cut at the end of the line is redacted before the cut, so no part of it shows", () => {
    const body = "a".repeat(ANSWER_SHOWN_MAX - 5) + KEY;
    expect(answerText(body, ENV)).not.toContain("rb_k");
  });
});
