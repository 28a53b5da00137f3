import { describe, expect, it } from 'vitest';
import { session } from '@pitclock/contracts';
import { deviceInfo, deviceName } from './device-info';

const PIXEL =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('deviceName', () => {
  it.each([
    [PIXEL, 'Chrome on Android'],
    [IPHONE, 'Safari on iPhone'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) CriOS/131.0 Mobile/15E148 Safari/604.1',
      'Chrome on iPhone',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
      'Firefox on Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36 Edg/131.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15',
      'Safari on Mac',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36', 'Chrome on Linux'],
    ['curl/8.0', 'Web browser'],
    ['', 'Web browser'],
  ])('%s -> %s', (ua, name) => {
    expect(deviceName(ua)).toBe(name);
  });
});

describe('deviceInfo', () => {
  it('is the stored device id and the short name', () => {
    expect(deviceInfo(PIXEL)).toEqual({ device_id: session.getDeviceId(), name: 'Chrome on Android' });
  });
});
