import { describe, expect, it } from "vitest";
import { describeNamedFacts, namedFactsOf } from "./named-facts.js";

describe("explain's request facts from its options", () => {
  it("each option, --query repeatable (a repeated key keeps every value)", () => {
    expect(
      namedFactsOf({
        country: "fr",
        region: "FR-IDF",
        asn: "AS3215",
        lang: "fr-CH, fr;q=0.9",
        query: ["ref=nl", "ref=mail", "debug="],
        splitDraw: "0.25",
      }),
    ).toEqual({
      facts: {
        country: "fr",
        region: "FR-IDF",
        asn: 3215,
        lang: "fr-CH, fr;q=0.9",
        query: { ref: ["nl", "mail"], debug: "" },
        split_draw: 0.25,
      },
    });
  });

  it.each([
    [{ asn: "cloudflare" }, '--asn must be a number such as 13335, got "cloudflare"'],
    [{ query: ["ref"] }, '--query takes KEY=VALUE, got "ref"'],
    [{ splitDraw: "1" }, '--split-draw takes a number from 0 up to (not including) 1, got "1"'],
    [{ region: "Texas" }, 'region "Texas" is not an ISO 3166-2 code such as US-TX'],
    [{ country: "FR", region: "US-TX" }, "region US-TX is not in country FR"],
  ])("%j is a usage error: %s", (options, problem) => {
    expect(namedFactsOf(options)).toEqual({ problem });
  });

  it("as messages show them", () => {
    expect(
      describeNamedFacts({
        country: "FR",
        lang: "fr",
        query: { ref: ["a", "b"] },
        split_draw: 0.5,
      }),
    ).toBe('country FR, lang "fr", query ref=a, query ref=b, split draw 0.5');
  });
});
