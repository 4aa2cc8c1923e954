// A session, an access event or a new sign-in names the browser it came from by its User-Agent header; people read
// 'Chrome on Linux'. The server words the new sign-in notification with it (issue 33), the web app its security screen.

/** Browsers, the most specific first: Edge, Opera and Samsung Internet also say 'Chrome', and Chrome also says 'Safari'. */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/^curl\//, 'curl'],
];

/** Systems, the most specific first: Android also says 'Linux', an iPhone also says 'Mac OS X'. */
const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMacintosh\b|\bMac OS X\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

const firstMatch = (text: string, table: readonly [RegExp, string][]) => table.find(([pattern]) => pattern.test(text))?.[1];

/** 'Chrome on Linux', 'Safari on iPhone', 'Firefox', 'Unknown device': the browser and the system it runs on, as far as known. */
export function describeDevice(userAgent: string | null | undefined): string {
  const text = userAgent?.trim() ?? '';
  const browser = firstMatch(text, BROWSERS);
  const system = firstMatch(text, SYSTEMS);
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : 'Unknown device');
}
