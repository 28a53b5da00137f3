/** What the signup events table shows as the platform of a registration. */
export const PLATFORMS = [
  'iOS',
  'Android',
  'Windows',
  'macOS',
  'ChromeOS',
  'Linux',
  'Other',
  'Unknown',
] as const;
export type Platform = (typeof PLATFORMS)[number];

// Order matters: Android and ChromeOS agents also say Linux; iPhone agents also say "like Mac OS X".
const rules: readonly [RegExp, Platform][] = [
  [/\b(iPhone|iPad|iPod)\b|\biOS\b|CFNetwork\/.*Darwin/i, 'iOS'],
  [/\bAndroid\b/i, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b|\bWin(32|64)\b/i, 'Windows'],
  [/\bMacintosh\b|\bMac OS X\b|\bmacOS\b/i, 'macOS'],
  [/\bLinux\b|\bX11\b/i, 'Linux'],
];

/** The platform of a User-Agent header: Unknown when there is none, Other when it names no known one. */
export const platformFromUserAgent = (userAgent: string | undefined): Platform => {
  const agent = (userAgent ?? '').slice(0, 512);
  if (agent.trim() === '') return 'Unknown';
  return rules.find(([pattern]) => pattern.test(agent))?.[1] ?? 'Other';
};
