import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_TEXT } from '@pitclock/contracts';
import {
  LOGIN_FAILED,
  REGISTRATION_FAILED,
  TIMEOUT_TEXT,
  loginErrorText,
  signupErrorText,
} from './auth-errors';

const http = (status: number, body?: unknown, message = `Request failed with status code ${status}`) =>
  new ApiError({ kind: 'http', status, message, body });

describe('loginErrorText (SPEC.md section 8)', () => {
  it('server message first, then server error, then the client message, then Login failed', () => {
    expect(
      loginErrorText(http(401, { error: 'invalid_credentials', message: 'Invalid email or password.' })),
    ).toBe('Invalid email or password.');
    expect(loginErrorText(http(400, { error: 'Account locked' }))).toBe('Account locked');
    expect(loginErrorText(http(500, undefined))).toBe('Request failed with status code 500');
    expect(loginErrorText(new Error('Something odd'))).toBe('Something odd');
    expect(loginErrorText(http(500, undefined, ''))).toBe(LOGIN_FAILED);
    expect(loginErrorText(undefined)).toBe(LOGIN_FAILED);
    expect(LOGIN_FAILED).toBe('Login failed');
  });

  it("'Network Error' shows the network text, from the client's error or any error with that message", () => {
    expect(loginErrorText(new ApiError({ kind: 'network', status: 0, message: 'Network Error' }))).toBe(
      NETWORK_ERROR_TEXT,
    );
    expect(loginErrorText(new Error('Network Error'))).toBe(NETWORK_ERROR_TEXT);
    expect(NETWORK_ERROR_TEXT).toBe('No connection to PitClock. Check your signal and try again.');
  });

  it('a timeout shows the timeout text', () => {
    expect(
      loginErrorText(
        new ApiError({ kind: 'timeout', status: 0, message: 'Request timed out after 30000 ms' }),
      ),
    ).toBe(TIMEOUT_TEXT);
  });
});

describe('signupErrorText (SPEC.md section 8)', () => {
  it("'{status} - {error}' with the server's text, else the message, else Registration failed", () => {
    expect(
      signupErrorText(
        http(409, { error: 'email_taken', message: 'An account with this email already exists.' }),
      ),
    ).toBe('409 - An account with this email already exists.');
    expect(signupErrorText(http(400, { error: 'validation_failed' }))).toBe('400 - validation_failed');
    expect(signupErrorText(http(500, undefined))).toBe('Request failed with status code 500');
    expect(signupErrorText(http(500, undefined, ''))).toBe(REGISTRATION_FAILED);
    expect(signupErrorText(null)).toBe('Registration failed');
  });

  it('a network failure shows the network text', () => {
    expect(signupErrorText(new ApiError({ kind: 'network', status: 0, message: 'Network Error' }))).toBe(
      NETWORK_ERROR_TEXT,
    );
  });
});
