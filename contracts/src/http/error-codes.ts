// The machine codes of the one error shape ({ error, message, details? }) that clients branch on. Services
// answer with these constants and browsers compare against them; a message text is for people only and
// may change.

export const API_ERROR_CODES = {
  /** 400: a body, query or parameter failed its schema; details.issues name each input (path) and rule. */
  validationFailed: 'validation_failed',
  /** 401: no, bad, expired or revoked bearer token: the client refreshes once, then signs out. */
  unauthorized: 'unauthorized',
  /** 401: the token was valid but its user was deleted or their role changed since it was issued. */
  tokenRevoked: 'token_revoked',
  /** 401: a sign-in with a wrong e-mail or password. */
  invalidCredentials: 'invalid_credentials',
  /** 403: signed in, but not allowed (admin only, own account). */
  forbidden: 'forbidden',
  /** 404: no such record or route. */
  notFound: 'not_found',
  /** 409: register or a user edit with an e-mail another account has. */
  emailTaken: 'email_taken',
  /** 409: a promo code whose code exists already. */
  codeTaken: 'code_taken',
  /** 429: too many attempts; Retry-After says when to try again. */
  tooManyRequests: 'too_many_requests',
  /** 503: a dependency is down; Retry-After says when to try again. */
  serviceUnavailable: 'service_unavailable',
} as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[keyof typeof API_ERROR_CODES];
