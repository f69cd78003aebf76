/**
 * A value as YAML text on one line, for a field written in place: a scalar as the yaml package
 * writes it (quoted only where it must be), a list or mapping in flow style, and a value that
 * would take several lines (a multi-line description) as a double-quoted JSON string, which
 * YAML reads as the same value.
 */
import { stringify } from "yaml";

export function yamlValueText(value: unknown): string {
  const text = stringify(value, { collectionStyle: "flow", lineWidth: 0 }).trimEnd();
  return text.includes("\n") ? JSON.stringify(value) : text;
}
