import type { Request, RequestHandler } from 'express';
import { jwtVerify, SignJWT, type CryptoKey } from 'jose';
import { PG_INTEGER_MAX } from '@pitclock/contracts/schemas';
import { forbidden, HttpError, unauthorized } from './http/errors';
import type { TokenGenerations } from './token-generations';

export type AccessClaims = {
  sub: string;
  aud?: string | string[];
  iat?: number;
  exp?: number;
  /** The user's token generation when the token was issued (see createTokenGenerations); missing is 0. */
  gen?: number;
  [claim: string]: unknown;
};

/** What requireAuth keeps for the request (getAuthUser reads it): the user id from `sub` and the verified claims. */
export type AuthUser = { id: number; claims: AccessClaims };

export type AuthOptions = {
  secret: string;
  audience: string;
  /**
   * Who is an admin, as the server's source of truth says (its database, or the auth service asked with
   * the caller's token), never the token's claims: true or 'admin' lets the request through, false or
   * 'user' is a 403, 'unknown_account' a 401. A check that throws passes its error on (an HttpError is
   * answered as it is).
   */
  isAdmin?: (userId: number, token: string) => Promise<boolean | AdminAnswer>;
  /**
   * Every service sets it in production: a token whose `gen` claim is not the user's current generation
   * (the user was deleted or their role changed since it was issued) is refused with 401 token_revoked.
   */
  generations?: Pick<TokenGenerations, 'current'>;
};

/** What an admin check can say of the caller's account. */
export type AdminAnswer = 'admin' | 'user' | 'unknown_account';

export type Auth = {
  /** 401 unless a valid bearer token (see createAuth) is presented. */
  requireAuth: RequestHandler;
  /** requireAuth, then the isAdmin check: 403 'Admin only' unless it says admin, 401 for an account gone. */
  requireAdmin: RequestHandler;
};

/** The 401 of a valid token whose account no longer exists. */
export const accountGone = () => unauthorized('This account no longer exists');

const positiveInt = /^[1-9]\d{0,9}$/;
/** A user id PostgreSQL can store: a signed `sub` past it would fail in the database, not as a 401. */
const isUserId = (sub: string) => positiveInt.test(sub) && Number(sub) <= PG_INTEGER_MAX;

/** The 401 of a token issued before its user's last generation bump. */
export const tokenRevoked = () =>
  new HttpError(401, 'token_revoked', 'This session was ended by a change to the account; sign in again');

/** The `gen` claim: missing is 0; anything but a whole number >= 0 makes the token invalid. */
const generationOf = (claims: AccessClaims): number | undefined => {
  const gen = claims.gen === undefined ? 0 : claims.gen;
  return typeof gen === 'number' && Number.isSafeInteger(gen) && gen >= 0 ? gen : undefined;
};

const ACCESS_ALG = 'HS256';

/**
 * The HMAC key, imported into WebCrypto once per secret: given the secret's bytes, jose would import
 * them again at every sign and verify.
 */
const secretKeys = new Map<string, Promise<CryptoKey>>();
const hmacKey = (secret: string): Promise<CryptoKey> => {
  let key = secretKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    secretKeys.set(secret, key);
  }
  return key;
};

/**
 * The token of an `Authorization: Bearer <token>` header, or undefined: exactly one token after the
 * scheme (any case), nothing after it. One reading for every service, so that no two disagree on a header.
 */
export const bearerToken = (req: Pick<Request, 'get'>): string | undefined =>
  /^bearer[ \t]+(\S+)[ \t]*$/i.exec(req.get('authorization') ?? '')?.[1];

/** The users requireAuth verified, by request (no global typing of req.user, which passport-local owns). */
const authUsers = new WeakMap<Request, AuthUser>();

/** The user requireAuth verified; throws 401 when the route was not behind requireAuth. */
export const getAuthUser = (req: Request): AuthUser => {
  const user = authUsers.get(req);
  if (!user) throw unauthorized();
  return user;
};

const invalidToken = () => unauthorized('A valid bearer token is required');

/**
 * The claims of a token signed HS256 with the secret for the audience, not expired, or undefined for
 * anything else (no token, alg none, another algorithm, bad signature, expired, other audience, garbage).
 */
const verifiedClaims = async (token: string | undefined, secret: string, audience: string) => {
  if (token === undefined) return undefined;
  try {
    const { payload } = await jwtVerify<AccessClaims>(token, await hmacKey(secret), {
      algorithms: [ACCESS_ALG],
      audience,
    });
    return payload;
  } catch {
    return undefined;
  }
};

/**
 * Bearer-token middleware (jose): HS256 only, audience pinned, `sub` must be a user id. Anything else (no
 * token, alg none, another algorithm, bad signature, expired, other audience) is a 401. With
 * `generations`, a token of an older generation is a 401 token_revoked, and a generation that cannot be
 * read (Redis down) a 503.
 */
export const createAuth = ({ secret, audience, isAdmin, generations }: AuthOptions): Auth => {
  const authenticate = async (req: Request): Promise<AuthUser> => {
    const claims = await verifiedClaims(bearerToken(req), secret, audience);
    if (!claims) throw invalidToken();
    const sub = String(claims.sub ?? '');
    const gen = generationOf(claims);
    if (!isUserId(sub) || gen === undefined) throw invalidToken();
    const user: AuthUser = { id: Number(sub), claims };
    if (generations && (await generations.current(user.id)) !== gen) throw tokenRevoked();
    return user;
  };

  const requireAuth: RequestHandler = (req, _res, next) => {
    authenticate(req).then(
      (user) => {
        authUsers.set(req, user);
        next();
      },
      (err: unknown) => next(err),
    );
  };

  const requireAdmin: RequestHandler = (req, res, next) => {
    requireAuth(req, res, (authError?: unknown) => {
      if (authError) {
        next(authError);
        return;
      }
      const { id } = getAuthUser(req);
      if (!isAdmin) {
        next(forbidden('Admin only'));
        return;
      }
      isAdmin(id, bearerToken(req) ?? '').then(
        (answer) => {
          if (answer === true || answer === 'admin') next();
          else next(answer === 'unknown_account' ? accountGone() : forbidden('Admin only'));
        },
        (err: unknown) => next(err),
      );
    });
  };

  return { requireAuth, requireAdmin };
};

/** Signs an access token the middleware accepts (HS256, audience, sub = user id, iat now, exp after the TTL). */
export const signAccessToken = async (
  { userId, claims = {} }: { userId: number; claims?: Record<string, unknown> },
  {
    secret,
    audience,
    expiresInSeconds = 900,
  }: { secret: string; audience: string; expiresInSeconds?: number },
): Promise<string> => {
  const issuedAt = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: ACCESS_ALG, typ: 'JWT' })
    .setSubject(String(userId))
    .setAudience(audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + expiresInSeconds)
    .sign(await hmacKey(secret));
};
