/**
 * The diagnostic codes the runtime reports itself (a warning line, never a thrown error). The
 * runtime imports nothing from lib/, so its codes are declared here;
 * lib/shared/diagnostic-codes.ts includes this table (and the target rules of
 * runtime/targets/rules.ts) in the one registry, which adds each code's severity, stage and docs
 * anchor. Add a runtime code here, never as a bare string.
 */
export const RUNTIME_CODES = {
  SL701: "ANALYTICS_PROVIDER is not one of the four values",
  SL702: "an analytics endpoint is missing, not https, or carries credentials",
  SL703: "an analytics website or site id is missing or malformed",
  SL704: "an analytics mode variable has an unknown value",
  SL705: "ANALYTICS_QUERY_MODE has an unknown value",
  SL706: "PROVIDER_B_COLLECTION_KEY is malformed",
  SL710: "FATHOM_SITE_ID is missing or malformed",
  SL711: "FATHOM_ENDPOINT is not https or carries credentials",
  SL712: "FATHOM_BOT_MODE has an unknown value",
} as const;

export type RuntimeCode = keyof typeof RUNTIME_CODES;

/** One warning line: `CODE subject: what was expected`. */
export function runtimeProblem(code: RuntimeCode, text: string): string {
  return `${code} ${text}`;
}
