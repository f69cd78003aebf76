/** Safe targets, unusual but legitimate, and splat expansions. */
import type { TargetAllowance } from "../../runtime/contract/index.js";
import type { SafeCase, SplatCase } from "./targets.js";

const reason = "intranet wiki, reachable only on the office network";
const allow = (...rules: string[]): TargetAllowance => ({ rules, reason });

const LONG_QUERY = "https://example.com/search?q=" + "a".repeat(2000) + "&page=2";
const LONG_PATH =
  "https://example.com/" + Array.from({ length: 40 }, (_, i) => `segment-${i}`).join("/");

export const SAFE_CASES: SafeCase[] = [
  { target: "https://example.com/" },
  { target: "https://example.com", href: "https://example.com/" },
  { target: "http://example.com/" },
  { target: "HTTPS://EXAMPLE.COM/Path", href: "https://example.com/Path" },
  { target: "https://example.com:8443/x" },
  { target: "https://example.com:443/", href: "https://example.com/" },
  { target: "https://www.example.org/a/b/c?x=1&y=2#frag" },
  { target: LONG_QUERY },
  { target: LONG_PATH },
  { target: "https://example.com/#section-2" },
  { target: "https://münchen.de/", href: "https://xn--mnchen-3ya.de/" },
  { target: "https://例え.jp/", href: "https://xn--r8jz45g.jp/" },
  { target: "https://xn--nxasmq6b.com/" },
  { target: "https://ελληνικά.gr/", href: "https://xn--hxargifdar.gr/" },
  {
    target: "https://пример.рф/путь",
    href: "https://xn--e1afmkfd.xn--p1ai/%D0%BF%D1%83%D1%82%D1%8C",
  },
  { target: "https://docs.example.com/en/latest/" },
  { target: "https://github.com/owner/repo/releases/download/v1/tool.tar.gz" },
  { target: "https://example.com/file.pdf" },
  { target: "https://example.com/setup.exe.html" },
  { target: "https://example.com/?download=setup.exe" },
  { target: "https://example.com/#setup.exe" },
  { target: "https://example.com/executive" },
  { target: "https://example.com/my.exercise" },
  { target: "https://example.com/jar/" },
  { target: "https://example.com/path%20with%20spaces" },
  { target: "https://example.com/a@b" },
  { target: "https://example.com/?redirect=http://127.0.0.1/" },
  { target: "https://8.8.8.8/" },
  { target: "https://1.1.1.1/dns-query" },
  { target: "http://93.184.216.34/" },
  { target: "https://[2606:4700:4700::1111]/" },
  { target: "https://[2001:4860:4860::8888]:8443/" },
  { target: "https://172.32.0.1/" },
  { target: "https://100.128.0.1/" },
  { target: "https://192.169.0.1/" },
  { target: "https://169.255.0.1/" },
  { target: "https://11.0.0.1/" },
  { target: "https://198.20.0.1/" },
  { target: "https://223.255.255.255/" },
  { target: "https://localhost.example.com/" },
  { target: "https://mylocal.com/" },
  { target: "https://notbit.ly/" },
  { target: "https://bit.ly.example.com/" },
  { target: "https://example.local.com/" },
  { target: "https://internal.example.com/" },
  { target: "https://example.com/javascript:alert(1)" },
  { target: "https://example.com/?url=javascript:alert(1)" },
  { target: "https://sub.domain.example.co.uk/path" },
  { target: "https://example.com./" },
  { target: "https://example.com/file.exe.txt" },
  { target: "https://example.com/%E2%9C%93" },
  { target: "https://example.com/a;b=c" },
  { target: "https:example.com/x", href: "https://example.com/x" },
  { target: "https://api.example.com/v1/items?sort=desc&page=2#top" },
  { target: " https://example.com/ ", href: "https://example.com/" },
  { target: "https://example.com/search?q=caf%C3%A9&lang=fr" },
  { target: "https://example.com/a/b/../c", href: "https://example.com/a/c" },
  { target: "http://10.1.2.3/", allow: allow("SL207"), allowed: ["SL207"] },
  { target: "http://100.100.1.1/", allow: allow("7"), allowed: ["SL207"] },
  { target: "http://[fd00::1]/", allow: allow("SL207"), allowed: ["SL207"] },
  { target: "http://wiki.corp/", allow: allow("SL206"), allowed: ["SL206"] },
  { target: "http://intranet/", allow: allow("6"), allowed: ["SL206"] },
  { target: "https://printer.local/", allow: allow("SL206", "SL207"), allowed: ["SL206"] },
  { target: "https://example.com/", allow: allow("SL207") },
];

export const SPLAT_CASES: SplatCase[] = [
  {
    target: "https://example.com/docs/:splat",
    remainder: ["a", "b"],
    expect: { url: "https://example.com/docs/a/b" },
  },
  {
    target: "https://example.com/docs",
    remainder: ["a b"],
    expect: { url: "https://example.com/docs/a%20b" },
  },
  {
    target: "https://example.com/docs/",
    remainder: ["x"],
    expect: { url: "https://example.com/docs/x" },
  },
  {
    target: "https://example.com/docs?x=1#f",
    remainder: ["a"],
    expect: { url: "https://example.com/docs/a?x=1#f" },
  },
  {
    target: "https://example.com/s?q=:splat",
    remainder: ["a&b=c"],
    expect: { url: "https://example.com/s?q=a%26b%3Dc" },
  },
  {
    target: "https://example.com/:splat",
    remainder: ["a/b"],
    expect: { url: "https://example.com/a%2Fb" },
  },
  {
    target: "https://example.com/:splat",
    remainder: ["?evil"],
    expect: { url: "https://example.com/%3Fevil" },
  },
  {
    target: "https://example.com/:splat",
    remainder: ["#x"],
    expect: { url: "https://example.com/%23x" },
  },
  {
    target: "https://example.com/:splat",
    remainder: ["ü"],
    expect: { url: "https://example.com/%C3%BC" },
  },
  {
    target: "https://example.com/docs",
    remainder: [],
    expect: { url: "https://example.com/docs" },
  },
  {
    target: "https://example.com/:splat",
    remainder: ["%2e%2e"],
    expect: { url: "https://example.com/%252e%252e" },
  },
  {
    // `@` is legal in a path segment: it stays, and the host is still example.com.
    target: "https://example.com/r/",
    remainder: ["@evil.example"],
    expect: { url: "https://example.com/r/@evil.example" },
  },
  {
    // A code-review URL: `+ : ; =` are legal segment characters and must reach the target as written.
    target: "https://review.example.com/repo/:splat",
    remainder: ["+", "master:path;l=57"],
    expect: { url: "https://review.example.com/repo/+/master:path;l=57" },
  },
  {
    target: "https://example.com/:splat",
    remainder: ["!$&'()*+,;=:@-._~"],
    expect: { url: "https://example.com/!$&'()*+,;=:@-._~" },
  },
  {
    target: "https://example.com/",
    remainder: ["a b", "%", "é", "[x]", '<"|`^{}>'],
    expect: { url: "https://example.com/a%20b/%25/%C3%A9/%5Bx%5D/%3C%22%7C%60%5E%7B%7D%3E" },
  },
  {
    // In a query position the remainder is a query component: `& = + #` never make a new key.
    target: "https://example.com/s?q=:splat",
    remainder: ["a+b", "c;d=e"],
    expect: { url: "https://example.com/s?q=a%2Bb/c%3Bd%3De" },
  },
  {
    target: "https://example.com/p/:splat?from=:splat",
    remainder: ["x=1&y"],
    expect: { url: "https://example.com/p/x=1&y?from=x%3D1%26y" },
  },
  {
    target: "https://example.com/p#:splat",
    remainder: ["a b&c"],
    expect: { url: "https://example.com/p#a%20b%26c" },
  },
  {
    target: "https://example.com/:splat",
    remainder: ["\\\\evil.example"],
    expect: { url: "https://example.com/%5C%5Cevil.example" },
  },
  {
    target: "https://example.com/:splat",
    remainder: ["..."],
    expect: { url: "https://example.com/..." },
  },
  { target: "https://example.com/:splat", remainder: [".."], expect: { rule: 11 } },
  { target: "https://example.com/x/", remainder: ["a", "."], expect: { rule: 11 } },
  { target: "https://example.com/:splat", remainder: ["a\u0000"], expect: { rule: 11 } },
  { target: "https://example.com/:splat", remainder: ["a\nb"], expect: { rule: 11 } },
  { target: "https://example.com/:splat", remainder: ["a\u202eb"], expect: { rule: 11 } },
  { target: "https://example.com/:splat", remainder: ["a\ud800"], expect: { rule: 11 } },
  { target: "https://:splat/", remainder: ["evil.example"], expect: { rule: 11 } },
  { target: "https://:splat.example.com/", remainder: ["evil.example/"], expect: { rule: 11 } },
  { target: "https://example.com:splat/x", remainder: ["1"], expect: { rule: 11 } },
  { target: "https://u::splat@example.com/", remainder: ["x"], expect: { rule: 11 } },
  { target: "https://example.com/dl/:splat", remainder: ["setup.exe"], expect: { rule: 10 } },
  { target: "https://example.com/dl", remainder: ["tool.MSI"], expect: { rule: 10 } },
  { target: "https://example.com/dl", remainder: ["setup.exe", ""], expect: { rule: 10 } },
];
