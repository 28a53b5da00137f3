import { LIMITS, session, type DeviceInfo } from '@pitclock/contracts';

const BROWSERS: [RegExp, string][] = [
  [/\bEdgA?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'Mac'],
  [/\bLinux\b/, 'Linux'],
];

const first = (table: [RegExp, string][], ua: string) => table.find(([pattern]) => pattern.test(ua))?.[1];

/** A short name for this device from its browser agent: 'Chrome on Android', 'Safari on iPhone'. */
export function deviceName(userAgent: string): string {
  const browser = first(BROWSERS, userAgent);
  const system = first(SYSTEMS, userAgent);
  const name = browser && system ? `${browser} on ${system}` : (browser ?? system ?? 'Web browser');
  return name.slice(0, LIMITS.deviceNameMax);
}

/** device_info of the login and register calls: the stored device id and a short device name. */
export function deviceInfo(userAgent: string = globalThis.navigator?.userAgent ?? ''): DeviceInfo {
  return { device_id: session.getDeviceId(), name: deviceName(userAgent) };
}
