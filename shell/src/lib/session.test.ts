import { describe, expect, it } from 'vitest';
import { session } from '@pitclock/contracts';
import { anHourAgo, fakeToken, inOneHour } from '../test/tokens';
import { clearInvalidSession, isAdmin, isSignedIn } from './session';

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

  it('takes the admin hint from the stored flag or the token claim', () => {
    session.setTokens({ token: fakeToken({ exp: inOneHour(), is_admin: false }) });
    expect(isAdmin()).toBe(false);
    session.setTokens({ token: fakeToken({ exp: inOneHour(), is_admin: true }) });
    expect(isAdmin()).toBe(true);
    session.clear();
    localStorage.setItem('isAdmin', 'true');
    expect(isAdmin()).toBe(true);
  });
});
