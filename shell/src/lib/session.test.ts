import { describe, expect, it } from 'vitest';
import { session } from '@pitclock/contracts';
import { anHourAgo, fakeToken, inOneHour } from '../test/tokens';
import { clearInvalidSession, isSignedIn } from './session';

describe('session helpers', () => {
  it('is signed in only with a stored token that is valid now', () => {
    expect(isSignedIn()).toBe(false);
    session.setTokens({ token: fakeToken({ exp: inOneHour() }) });
    expect(isSignedIn()).toBe(true);
    session.setTokens({ token: fakeToken({ exp: anHourAgo() }) });
    expect(isSignedIn()).toBe(false);
  });

  it('clears an expired or unreadable token at start and keeps a valid one', () => {
    session.setTokens({ token: fakeToken({ exp: anHourAgo() }) });
    clearInvalidSession();
    expect(session.getToken()).toBeNull();
    session.setTokens({ token: 'not-a-jwt' });
    clearInvalidSession();
    expect(localStorage.getItem('token')).toBeNull();
    const valid = fakeToken({ exp: inOneHour() });
    session.setTokens({ token: valid });
    clearInvalidSession();
    expect(session.getToken()).toBe(valid);
  });

  it('a missing token at start also clears a refresh token left behind', () => {
    localStorage.setItem('refresh_token', 'r1');
    clearInvalidSession();
    expect(localStorage.getItem('refresh_token')).toBeNull();
  });

  it('an expired token with no refresh token at start signs out: token keys in local and session storage go', () => {
    session.setTokens({ token: fakeToken({ exp: anHourAgo() }) });
    clearInvalidSession();
    for (const key of ['token', 'TOKEN', 'refresh_token']) expect(localStorage.getItem(key)).toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('an expired token with a refresh token stays signed in at start, so an offline team is not locked out', () => {
    const expired = fakeToken({ exp: anHourAgo() });
    session.setTokens({ token: expired, refresh_token: 'r1' });
    clearInvalidSession();
    expect(isSignedIn()).toBe(true);
    expect(session.getToken()).toBe(expired);
    expect(session.getRefreshToken()).toBe('r1');
  });

  it('an unreadable token signs out even with a refresh token', () => {
    session.setTokens({ token: 'not-a-jwt', refresh_token: 'r1' });
    expect(isSignedIn()).toBe(false);
    clearInvalidSession();
    expect(session.getRefreshToken()).toBeNull();
  });
});
