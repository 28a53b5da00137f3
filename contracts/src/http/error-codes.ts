// The machine codes of the one error shape ({ error, message, details? }): every code a service answers is
// declared here (kit's HttpError accepts nothing else), and clients branch on these, never on a message,
// which is for people and may change. Zod-free: browsers import it.

export const API_ERROR_CODES = {
  // 400: bad input
  /** A body, query or parameter failed its schema; details.issues name each input (path) and rule. */
  validationFailed: 'validation_failed',
  /** The body is not JSON. */
  invalidJson: 'invalid_json',
  /** A NUL character in a path, query or body: nothing that could be stored. */
  invalidCharacters: 'invalid_characters',
  /** A value the database cannot hold (out of range, unreadable). */
  invalidValue: 'invalid_value',
  /** A path whose percent-encoding is broken. */
  invalidPath: 'invalid_path',
  /** The client stopped sending its body. */
  requestAborted: 'request_aborted',
  /** Malformed HTTP or another request the server cannot read. */
  badRequest: 'bad_request',
  /** A push subscription endpoint that is not a URL of an allowed push service. */
  endpointInvalid: 'endpoint_invalid',
  endpointNotAllowed: 'endpoint_not_allowed',
  // 401: who is calling
  /** No, bad or expired bearer token: the client refreshes once, then signs out. */
  unauthorized: 'unauthorized',
  /** The token was valid but its user was deleted or their role changed since it was issued. */
  tokenRevoked: 'token_revoked',
  /** A sign-in with a wrong e-mail or password. */
  invalidCredentials: 'invalid_credentials',
  /** A refresh token that is unknown, revoked, reused or past its sign-in's lifetime. */
  refreshTokenInvalid: 'refresh_token_invalid',
  refreshTokenReused: 'refresh_token_reused',
  sessionExpired: 'session_expired',
  // 403
  /** Signed in, but not allowed (admin only, own account). */
  forbidden: 'forbidden',
  /** The device's licence was revoked by an admin. */
  deviceRevoked: 'device_revoked',
  // 404
  /** No such record or route. */
  notFound: 'not_found',
  /** An admin action for a user id that no account has. */
  userNotFound: 'user_not_found',
  codeUnknown: 'code_unknown',
  activationCodeUnknown: 'activation_code_unknown',
  // 408, 413, 415, 431: the request itself
  requestTimeout: 'request_timeout',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  headersTooLarge: 'headers_too_large',
  // 409: the stored state refuses the change
  conflict: 'conflict',
  /** Register or a user edit with an e-mail another account has. */
  emailTaken: 'email_taken',
  /** A promo code whose code exists already. */
  codeTaken: 'code_taken',
  codeDisabled: 'code_disabled',
  codeExpired: 'code_expired',
  codeUsedUp: 'code_used_up',
  alreadyRedeemedUser: 'already_redeemed_user',
  alreadyRedeemedDevice: 'already_redeemed_device',
  activationCodeUsed: 'activation_code_used',
  activationCodeExpired: 'activation_code_expired',
  noCredits: 'no_credits',
  balanceBelowZero: 'balance_below_zero',
  balanceTooLarge: 'balance_too_large',
  /** Too many runs with alerts ahead for one user (PUSH_MAX_SCHEDULED_RUNS_PER_USER). */
  scheduleLimitReached: 'schedule_limit_reached',
  // sync and teams (services/sync)
  /** A push names a scope this account may not write; details.mids lists the refused mutations. */
  syncScopeForbidden: 'sync_scope_forbidden',
  /** The sync client id belongs to another account. */
  syncClientTaken: 'sync_client_taken',
  teamNotFound: 'team_not_found',
  teamMemberNotFound: 'team_member_not_found',
  notTeamOwner: 'team_owner_only',
  /** An invite code that is unknown, used or expired (404). */
  teamInviteInvalid: 'team_invite_invalid',
  alreadyTeamMember: 'team_already_member',
  teamFull: 'team_full',
  tooManyTeams: 'too_many_teams',
  ownerCannotLeave: 'team_owner_cannot_leave',
  // 429 and 5xx
  /** Too many attempts; Retry-After says when to try again. */
  tooManyRequests: 'too_many_requests',
  internalError: 'internal_error',
  /** The gateway could not reach a service, or a service did not answer in time. */
  upstreamUnavailable: 'upstream_unavailable',
  upstreamTimeout: 'upstream_timeout',
  /** A dependency is down; Retry-After says when to try again. */
  serviceUnavailable: 'service_unavailable',
} as const;

export type ApiErrorCode = (typeof API_ERROR_CODES)[keyof typeof API_ERROR_CODES];
