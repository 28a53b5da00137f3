import { describe, expect, it } from 'vitest';
import { checkEndpoint, DEFAULT_PUSH_ORIGINS, parseOriginRule, type OriginRule } from './allowed-origins';

const rules = (...entries: string[]): OriginRule[] =>
  entries.map((entry) => {
    const rule = parseOriginRule(entry);
    if (typeof rule === 'string') throw new Error(rule);
    return rule;
  });

const defaults = rules(...DEFAULT_PUSH_ORIGINS);
const verdict = (endpoint: string, list = defaults) => {
  const check = checkEndpoint(endpoint, list);
  return check.ok ? 'ok' : check.reason;
};

describe('parseOriginRule', () => {
  it('reads the default push services, the Windows one as a one-label wildcard', () => {
    expect(defaults).toContainEqual({ host: 'fcm.googleapis.com', port: '443', wildcard: false });
    expect(defaults).toContainEqual({ host: 'notify.windows.com', port: '443', wildcard: true });
  });

  it('takes an explicit port and an exact IP literal', () => {
    expect(rules('https://127.0.0.1:8443', 'https://[::1]:9000/')).toEqual([
      { host: '127.0.0.1', port: '8443', wildcard: false },
      { host: '[::1]', port: '9000', wildcard: false },
    ]);
  });

  it('refuses anything but an https origin with at most a leading *. wildcard over a domain', () => {
    for (const bad of [
      'http://fcm.googleapis.com',
      'fcm.googleapis.com',
      'https://fcm.googleapis.com/fcm/send',
      'https://user@fcm.googleapis.com',
      'https://fcm.googleapis.com?x=1',
      'https://push.*.example.com',
      'https://*.*.example.com',
      'https://*.com',
      'https://*.10.0.0.1',
      'https://',
    ]) {
      expect(typeof parseOriginRule(bad), bad).toBe('string');
    }
  });
});

describe('checkEndpoint', () => {
  it('allows the endpoints of the public push services', () => {
    expect(verdict('https://fcm.googleapis.com/fcm/send/abc:def')).toBe('ok');
    expect(verdict('https://FCM.googleapis.com:443/fcm/send/abc')).toBe('ok');
    expect(verdict('https://updates.push.services.mozilla.com/wpush/v2/gAAA')).toBe('ok');
    expect(verdict('https://web.push.apple.com/QGuQyavXutnMH')).toBe('ok');
    expect(verdict('https://wns2-par02p.notify.windows.com/w/?token=BQYAAA')).toBe('ok');
  });

  it('refuses what is not an https URL as invalid', () => {
    expect(verdict('http://fcm.googleapis.com/fcm/send/abc')).toBe('invalid');
    expect(verdict('not a url')).toBe('invalid');
    expect(verdict('')).toBe('invalid');
    expect(verdict('javascript:alert(1)')).toBe('invalid');
  });

  it('refuses other hosts, ports, userinfo and internal addresses as not allowed', () => {
    for (const endpoint of [
      'https://evil.example/fcm.googleapis.com',
      'https://fcm.googleapis.com.evil.example/x',
      'https://fcm.googleapis.com:8443/x',
      'https://user:pw@fcm.googleapis.com/x',
      'https://fcm.googleapis.com@169.254.169.254/x',
      'https://169.254.169.254/latest/meta-data',
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://notify.windows.com/x',
      'https://a.b.notify.windows.com/x',
      'https://localhost/x',
    ]) {
      expect(verdict(endpoint), endpoint).toBe('not_allowed');
    }
  });

  it('an IP literal is allowed only when listed exactly, with its port', () => {
    const list = rules('https://127.0.0.1:8443');
    expect(verdict('https://127.0.0.1:8443/push/1', list)).toBe('ok');
    expect(verdict('https://0x7f.0.0.1:8443/push/1', list)).toBe('ok');
    expect(verdict('https://127.0.0.1:8444/push/1', list)).toBe('not_allowed');
    expect(verdict('https://127.0.0.1/push/1', list)).toBe('not_allowed');
    expect(verdict('https://localhost:8443/push/1', list)).toBe('not_allowed');
  });
});
