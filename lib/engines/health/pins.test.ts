import { describe, expect, it } from "vitest";
import { parsePin, pinKey, pinTable } from "./pins.js";

describe("--resolve HOST:PORT:ADDRESS, as curl reads it", () => {
  it.each([
    ["example.com:443:127.0.0.1", { host: "example.com", port: 443, addresses: ["127.0.0.1"] }],
    ["Example.COM.:80:127.0.0.1", { host: "example.com", port: 80, addresses: ["127.0.0.1"] }],
    ["example.com:8443:[::1]", { host: "example.com", port: 8443, addresses: ["::1"] }],
    [
      "a.example:80:127.0.0.1,[::1]",
      { host: "a.example", port: 80, addresses: ["127.0.0.1", "::1"] },
    ],
    [
      "bücher.example:80:127.0.0.1",
      { host: "xn--bcher-kva.example", port: 80, addresses: ["127.0.0.1"] },
    ],
  ])("%s pins to its address", (entry, pin) => {
    expect(parsePin(entry)).toEqual(pin);
  });

  it.each([
    ["example.com:443", "is not HOST:PORT:ADDRESS"],
    ["example.com:https:127.0.0.1", "is not HOST:PORT:ADDRESS"],
    [":443:127.0.0.1", "is not HOST:PORT:ADDRESS"],
    ["example.com:0:127.0.0.1", "port 0 is out of range"],
    ["example.com:70000:127.0.0.1", "port 70000 is out of range"],
    ["example.com:443:localhost", '"localhost" is not an IP address'],
    ["example.com:443:127.0.0.1,nope", '"nope" is not an IP address'],
  ])("%s is refused: %s", (entry, problem) => {
    const parsed = parsePin(entry);
    expect("problem" in parsed && parsed.problem).toContain(problem);
  });

  it("a pin holds for its host and port only, whatever the case or trailing dot", () => {
    const table = pinTable([{ host: "example.com", port: 443, addresses: ["127.0.0.1"] }]);
    expect(table.get(pinKey("EXAMPLE.com.", 443))).toEqual(["127.0.0.1"]);
    expect(table.get(pinKey("example.com", 80))).toBeUndefined();
    expect(table.get(pinKey("www.example.com", 443))).toBeUndefined();
  });
});
