/**
 * The shared case table of the target rules: plain data (no test framework), so the same
 * verdicts can be asserted against this module, the compiler and the built worker bundle.
 * Run it with CASE_POLICY; every entry of CASE_POLICY is also a product default.
 */
import type { TargetAllowance } from "../../runtime/contract/index.js";
import type { TargetPolicy } from "../../runtime/targets/index.js";

export interface UnsafeCase {
  target: string;
  rule: number;
  allow?: TargetAllowance;
}

export interface SafeCase {
  target: string;
  /** The normalised href the module must return (defaults to `target`). */
  href?: string;
  allow?: TargetAllowance;
  /** Rule codes the allowance must report as used. */
  allowed?: string[];
}

export interface SplatCase {
  target: string;
  remainder: string[];
  /** The final URL after expandSplat and checkTarget, or the rule that refuses it. */
  expect: { url: string } | { rule: number };
}

export const CASE_POLICY: TargetPolicy = {
  shorteners: ["bit.ly", "t.co", "tinyurl.com", "goo.gl", "is.gd", "ow.ly", "rb.gy", "cutt.ly"],
  lure_domains: [
    "internetbadguys.com",
    "testsafebrowsing.appspot.com",
    "secure-paypal-login.example",
  ],
  blocked_hosts: ["nip.io", "sslip.io", "localtest.me", "lvh.me"],
  blocked_extensions: [".exe", ".scr", ".bat", ".cmd", ".msi", ".ps1", ".vbs", ".jar"],
};

export { UNSAFE_CASES } from "./targets-unsafe.js";
export { SAFE_CASES, SPLAT_CASES } from "./targets-safe.js";
