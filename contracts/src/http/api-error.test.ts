import { describe, expect, it } from 'vitest';
import {
  ApiError,
  NETWORK_ERROR_TEXT,
  errorField,
  errorText,
  isApiError,
  serverErrorText,
} from './api-error';

const httpError = (body: unknown, message = 'Request failed with status code 400') =>
  new ApiError({ kind: 'http', status: 400, message, body });

describe('errorText precedence (SPEC.md section 8)', () => {
  it("prefers the body's human message over its machine error code", () => {
    expect(
      errorText(
        httpError({ error: 'invalid_credentials', message: 'Wrong e-mail or password' }),
        'Login failed',
      ),
    ).toBe('Wrong e-mail or password');
  });

  it('uses body.error when the body has no message', () => {
    expect(errorText(httpError({ error: 'Invalid credentials' }), 'Login failed')).toBe(
      'Invalid credentials',
    );
    expect(errorText(httpError({ error: 'Invalid credentials', message: '  ' }), 'Login failed')).toBe(
      'Invalid credentials',
    );
  });

  it('uses a short plain-text body, but not an HTML page', () => {
    expect(errorText(httpError('Bad Gateway', 'Request failed with status code 502'), 'x')).toBe(
      'Bad Gateway',
    );
    expect(
      errorText(httpError('<html><body>502</body></html>', 'Request failed with status code 502'), 'x'),
    ).toBe('Request failed with status code 502');
  });

  it("falls back to the error's own message when the body has no text", () => {
    expect(errorText(httpError({ details: [] }, 'Request failed with status code 500'), 'x')).toBe(
      'Request failed with status code 500',
    );
    expect(
      errorText(new ApiError({ kind: 'network', status: 0, message: 'Network Error' }), 'Login failed'),
    ).toBe('Network Error');
    expect(errorText(new Error('boom'), 'Login failed')).toBe('boom');
    expect(errorText({ body: { error: 'from a plain object' } }, 'x')).toBe('from a plain object');
  });

  it('falls back to the default when nothing has text', () => {
    expect(errorText(new Error(''), 'Login failed')).toBe('Login failed');
    expect(errorText(undefined, 'Login failed')).toBe('Login failed');
    expect(errorText(null, 'Login failed')).toBe('Login failed');
    expect(errorText({}, 'Login failed')).toBe('Login failed');
    expect(errorText(42, 'Login failed')).toBe('Login failed');
    expect(errorText('', 'Login failed')).toBe('Login failed');
  });

  it('uses a thrown string as its text', () => {
    expect(errorText('Something broke', 'x')).toBe('Something broke');
  });

  it('serverErrorText ignores non-string fields', () => {
    expect(serverErrorText({ error: 404, message: { text: 'x' } })).toBeUndefined();
    expect(serverErrorText(undefined)).toBeUndefined();
  });
});

describe('ApiError', () => {
  it('is an Error with status, kind, code and body', () => {
    const cause = new TypeError('fetch failed');
    const err = new ApiError({
      kind: 'http',
      status: 409,
      code: 'conflict',
      message: 'In use',
      body: { error: 'conflict' },
      cause,
    });
    expect(err).toBeInstanceOf(Error);
    expect(err.name).toBe('ApiError');
    expect(err).toMatchObject({
      status: 409,
      kind: 'http',
      code: 'conflict',
      message: 'In use',
      body: { error: 'conflict' },
    });
    expect(err.cause).toBe(cause);
    expect(isApiError(err)).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
  });

  it('isApiError recognises an ApiError of another copy of the package', () => {
    const foreign = Object.assign(new Error('x'), { name: 'ApiError', status: 500 });
    expect(isApiError(foreign)).toBe(true);
  });

  it('the login screen text for a network error is a sentence a cook understands (issue 21)', () => {
    expect(NETWORK_ERROR_TEXT).toBe('No connection to PitClock. Check your signal and try again.');
  });
});

describe('errorField: the input a validation answer is about, by its machine-readable path', () => {
  const answer = (body: unknown, status = 400) => new ApiError({ kind: 'http', status, message: 'x', body });

  it('is the first issue path of a validation_failed answer', () => {
    const body = {
      error: 'validation_failed',
      message: 'Max uses must be a whole number',
      details: { issues: [{ path: 'max_uses', message: 'm', code: 'custom' }, { path: 'code' }] },
    };
    expect(errorField(answer(body))).toBe('max_uses');
  });

  it('is undefined for other codes, a whole-body rule, a missing or odd details, and non-errors', () => {
    expect(
      errorField(answer({ error: 'email_taken', message: 'm', details: { issues: [{ path: 'email' }] } })),
    ).toBeUndefined();
    expect(
      errorField(answer({ error: 'validation_failed', message: 'm', details: { issues: [{ path: '' }] } })),
    ).toBeUndefined();
    expect(errorField(answer({ error: 'validation_failed', message: 'm' }))).toBeUndefined();
    expect(
      errorField(answer({ error: 'validation_failed', message: 'm', details: { issues: 'x' } })),
    ).toBeUndefined();
    expect(errorField(answer('plain text'))).toBeUndefined();
    expect(errorField(null)).toBeUndefined();
    expect(errorField(new Error('validation_failed email'))).toBeUndefined();
  });
});
