import { describe, expect, it, vi } from 'vitest';
import { createMemoryStorage, type StorageLike } from './memory-storage';
import { createDeviceId, createSessionStore } from './session-store';

const UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36';

function setup(random: () => number = Math.random) {
  const local = createMemoryStorage();
  const session = createMemoryStorage();
  const store = createSessionStore({ local, session, userAgent: UA, random });
  return { local, session, store };
}

/** random() values that pick the given [a-z0-9] characters in order. */
const picking = (chars: string) => {
  const values = [...chars].map((c) => ('abcdefghijklmnopqrstuvwxyz0123456789'.indexOf(c) + 0.5) / 36);
  return () => values.shift() ?? 0;
};

describe('session store tokens', () => {
  it("stores the token under local 'token' and 'TOKEN' and session 'token', and the refresh token", () => {
    const { local, session, store } = setup();
    store.setTokens({ token: 'jwt-1', refresh_token: 'refresh-1' });
    expect(local.getItem('token')).toBe('jwt-1');
    expect(local.getItem('TOKEN')).toBe('jwt-1');
    expect(session.getItem('token')).toBe('jwt-1');
    expect(local.getItem('refresh_token')).toBe('refresh-1');
    expect(store.getToken()).toBe('jwt-1');
    expect(store.getRefreshToken()).toBe('refresh-1');
  });

  it("reads local 'token', then local 'TOKEN', then session 'token'", () => {
    const { local, session, store } = setup();
    expect(store.getToken()).toBeNull();
    session.setItem('token', 'from-session');
    expect(store.getToken()).toBe('from-session');
    local.setItem('TOKEN', 'from-upper');
    expect(store.getToken()).toBe('from-upper');
    local.setItem('token', 'from-local');
    expect(store.getToken()).toBe('from-local');
    local.setItem('token', '');
    expect(store.getToken()).toBe('from-upper');
  });

  it('keeps the refresh token when setTokens omits it and removes it when given null', () => {
    const { store } = setup();
    store.setTokens({ token: 'a', refresh_token: 'r1' });
    store.setTokens({ token: 'b' });
    expect(store.getRefreshToken()).toBe('r1');
    store.setTokens({ token: 'c', refresh_token: null });
    expect(store.getRefreshToken()).toBeNull();
  });

  it('clear() removes the three token keys and refresh_token, and keeps the device id', () => {
    const { local, session, store } = setup();
    const deviceId = store.getDeviceId();
    store.setTokens({ token: 'jwt', refresh_token: 'r' });
    store.clear();
    for (const key of ['token', 'TOKEN', 'refresh_token']) expect(local.getItem(key)).toBeNull();
    expect(session.getItem('token')).toBeNull();
    expect(store.getToken()).toBeNull();
    expect(store.getRefreshToken()).toBeNull();
    expect(local.getItem('bbq_device_id')).toBe(deviceId);
    expect(store.getDeviceId()).toBe(deviceId);
  });

  it('subscribe() is told of setTokens and clear until it unsubscribes', () => {
    const { store } = setup();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.setTokens({ token: 'a' });
    store.clear();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.setTokens({ token: 'b' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('keeps working when storage throws (quota exceeded, storage blocked)', () => {
    const failing: StorageLike = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    const store = createSessionStore({ local: failing, session: failing, userAgent: UA });
    expect(() => store.setTokens({ token: 'a', refresh_token: 'r' })).not.toThrow();
    expect(store.getToken()).toBeNull();
    expect(() => store.clear()).not.toThrow();
    expect(store.isAdminFlag()).toBe(false);
    expect(store.getDeviceId()).toBe(store.getDeviceId());
  });

  it('falls back to in-memory storage where no Web Storage exists (Node)', () => {
    const store = createSessionStore({ userAgent: UA });
    store.setTokens({ token: 'node-token' });
    expect(store.getToken()).toBe('node-token');
  });
});

describe('device id (SPEC.md section 9)', () => {
  it("is 'device-' + first 24 characters of the user agent + '-' + 6 random [a-z0-9] characters", () => {
    const { store } = setup(picking('k3x9z0'));
    expect(store.getDeviceId()).toBe(`device-${UA.slice(0, 24)}-k3x9z0`);
    expect(UA.slice(0, 24)).toBe('Mozilla/5.0 (Linux; Andr');
  });

  it('has the format for any user agent and any random source', () => {
    for (const ua of ['', 'short', UA]) {
      const id = createDeviceId(ua);
      expect(id).toMatch(/^device-.{0,24}-[a-z0-9]{6}$/s);
      expect(id.slice('device-'.length, -7)).toBe(ua.slice(0, 24));
    }
    expect(createDeviceId('ua', () => 0)).toBe('device-ua-aaaaaa');
    expect(createDeviceId('ua', () => 0.999999)).toBe('device-ua-999999');
    expect(createDeviceId('ua', () => 1)).toBe('device-ua-999999');
    expect(createDeviceId('ua', () => Number.NaN)).toBe('device-ua-aaaaaa');
  });

  it("is stored under 'bbq_device_id' once and then reused, also by a new store on the same storage", () => {
    const random = vi.fn(Math.random);
    const { local, session, store } = setup(random);
    const first = store.getDeviceId();
    expect(local.getItem('bbq_device_id')).toBe(first);
    expect(store.getDeviceId()).toBe(first);
    expect(random).toHaveBeenCalledTimes(6);
    const again = createSessionStore({ local, session, userAgent: 'another agent', random: () => 0 });
    expect(again.getDeviceId()).toBe(first);
  });

  it('uses an id already present in storage', () => {
    const local = createMemoryStorage({ bbq_device_id: 'device-legacy-abc123' });
    expect(createSessionStore({ local, session: createMemoryStorage() }).getDeviceId()).toBe(
      'device-legacy-abc123',
    );
  });
});

describe('isAdminFlag (SPEC.md section 6)', () => {
  it.each([
    [{ isAdmin: '1' }, true],
    [{ isAdmin: 'true' }, true],
    [{ ADMIN: '1' }, true],
    [{ ADMIN: 'true' }, true],
    [{ ADMIN: 'TRUE' }, true],
    [{ isAdmin: 'false', ADMIN: '1' }, true],
    [{ isAdmin: '0' }, false],
    [{ isAdmin: 'false' }, false],
    [{ isAdmin: 'yes' }, false],
    [{}, false],
  ])('local %j gives %s', (items, expected) => {
    const store = createSessionStore({ local: createMemoryStorage(items), session: createMemoryStorage() });
    expect(store.isAdminFlag()).toBe(expected);
  });

  it('reads only local storage', () => {
    const store = createSessionStore({
      local: createMemoryStorage(),
      session: createMemoryStorage({ isAdmin: '1' }),
    });
    expect(store.isAdminFlag()).toBe(false);
  });
});
