import { createSecretKey, type KeyObject } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import jwt from 'jsonwebtoken';
import { Passport } from 'passport';
import { ExtractJwt, Strategy as JwtStrategy } from 'passport-jwt';
import { forbidden, unauthorized } from './http/errors';

export type AccessClaims = {
  sub: string;
  aud?: string | string[];
  iat?: number;
  exp?: number;
  [claim: string]: unknown;
};

/** What requireAuth puts on req.user: the user id from `sub` and the verified claims. */
export type AuthUser = { id: number; claims: AccessClaims };

export type AuthOptions = {
  secret: string;
  audience: string;
  /** The server decides who is an admin (from its database), never the token. */
  isAdmin?: (userId: number) => Promise<boolean>;
};

export type Auth = { requireAuth: RequestHandler; requireAdmin: RequestHandler };

const positiveInt = /^[1-9]\d{0,15}$/;

/**
 * The HMAC key as a KeyObject, made once per secret. Given a string, jsonwebtoken first tries to read it
 * as a PEM public or private key (which throws) on every call; that cost a quarter of the CPU of GET /api/me.
 */
const secretKeys = new Map<string, KeyObject>();
const hmacKey = (secret: string): KeyObject => {
  let key = secretKeys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    secretKeys.set(secret, key);
  }
  return key;
};

/** The user requireAuth verified; throws 401 when the route was not behind requireAuth. */
export const getAuthUser = (req: Request): AuthUser => {
  const user = req.user as AuthUser | undefined;
  if (!user) throw unauthorized();
  return user;
};

/**
 * Bearer-token middleware (passport-jwt): HS256 only, audience pinned, `sub` must be a user id.
 * Anything else (no token, alg none, another algorithm, bad signature, expired, other audience) is a 401.
 */
export const createAuth = ({ secret, audience, isAdmin }: AuthOptions): Auth => {
  const passport = new Passport();
  passport.use(
    'jwt',
    new JwtStrategy(
      {
        jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
        // passport-jwt hands the key to jsonwebtoken, which takes a KeyObject; its own types say string | Buffer.
        secretOrKey: hmacKey(secret) as unknown as Buffer,
        algorithms: ['HS256'],
        audience,
        ignoreExpiration: false,
      },
      (claims: AccessClaims, done: (err: unknown, user?: AuthUser | false) => void) => {
        const sub = String(claims.sub ?? '');
        if (!positiveInt.test(sub)) {
          done(null, false);
          return;
        }
        done(null, { id: Number(sub), claims });
      },
    ),
  );
  const requireAuth: RequestHandler = (req, res, next) => {
    passport.authenticate('jwt', { session: false }, (err: unknown, user: AuthUser | false | undefined) => {
      if (err) {
        next(err);
        return;
      }
      if (!user) {
        next(unauthorized('A valid bearer token is required'));
        return;
      }
      req.user = user;
      next();
    })(req, res, next);
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
      isAdmin(id).then(
        (admin) => next(admin ? undefined : forbidden('Admin only')),
        (err: unknown) => next(err),
      );
    });
  };

  return { requireAuth, requireAdmin };
};

/** Signs an access token the middleware accepts (HS256, audience, sub = user id). */
export const signAccessToken = (
  { userId, claims = {} }: { userId: number; claims?: Record<string, unknown> },
  {
    secret,
    audience,
    expiresInSeconds = 900,
  }: { secret: string; audience: string; expiresInSeconds?: number },
): string =>
  jwt.sign(claims, hmacKey(secret), {
    algorithm: 'HS256',
    audience,
    subject: String(userId),
    expiresIn: expiresInSeconds,
  });
