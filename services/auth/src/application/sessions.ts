import { randomBytes, randomUUID } from 'node:crypto';
import type { LoginResponse } from '@pitclock/contracts/schemas';
import { signAccessToken, type TokenGenerations } from '@pitclock/kit';
import type { AuthAppConfig } from '../config';
import type { RefreshTokensRepository, UserRow } from '../data-access';
import { familyExpiry, hashRefreshToken, newRefreshToken } from '../domain/refresh-tokens';

export type Sessions = {
  /** A sign-in: a new refresh-token family for the device and the first token pair. */
  start: (user: UserRow, deviceId: string | undefined) => Promise<LoginResponse>;
  /**
   * An access token: sub = user id, is_admin as stored now (informational; the server re-reads it), gen =
   * the user's token generation now (every service refuses the token once the generation moves on).
   */
  accessToken: (user: UserRow) => Promise<string>;
};

/** A device id for a client that sent none. */
const newDeviceId = () => `device-${randomBytes(12).toString('hex')}`;

export const createSessions = ({
  refreshTokens,
  generations,
  config,
  clock,
}: {
  refreshTokens: RefreshTokensRepository;
  generations: Pick<TokenGenerations, 'current'>;
  config: AuthAppConfig;
  clock: () => Date;
}): Sessions => {
  const accessToken = async (user: UserRow) =>
    signAccessToken(
      { userId: user.id, claims: { is_admin: user.isAdmin, gen: await generations.current(user.id) } },
      {
        secret: config.JWT_SECRET,
        audience: config.JWT_AUDIENCE,
        expiresInSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
      },
    );
  return {
    accessToken,
    start: async (user, deviceId) => {
      // First, so that a generation that cannot be read (Redis down) leaves no family stored.
      const token = await accessToken(user);
      const now = clock();
      const refreshToken = newRefreshToken();
      const device = deviceId ?? newDeviceId();
      await refreshTokens.startFamily({
        tokenHash: hashRefreshToken(refreshToken),
        familyId: randomUUID(),
        userId: user.id,
        deviceId: device,
        issuedAt: now,
        familyExpiresAt: familyExpiry(now, config.REFRESH_FAMILY_TTL_DAYS),
      });
      return { token, refresh_token: refreshToken, device_id: device };
    },
  };
};
