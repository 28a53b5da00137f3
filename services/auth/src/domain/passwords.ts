import { argon2id, hash, needsRehash, verify } from 'argon2';

/**
 * argon2id with OWASP's first recommended setting (19 MiB, 2 passes, 1 lane): about 25 ms per hash on
 * the 2-core build machine, so 10 sign-ins per second stay far from the 400 ms p99 target.
 */
export const ARGON2_PARAMS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export type PasswordHasher = {
  hash: (password: string) => Promise<string>;
  /** False (never throws) when the stored hash is not a valid argon2 string. */
  verify: (passwordHash: string, password: string) => Promise<boolean>;
  /** Costs the same as verify but always fails: used for unknown e-mails, so timing tells nothing. */
  verifyUnknown: (password: string) => Promise<false>;
  /** True when a stored hash was made with other parameters (it is re-hashed after a good sign-in). */
  needsRehash: (passwordHash: string) => boolean;
};

export const createPasswordHasher = (params: typeof ARGON2_PARAMS = ARGON2_PARAMS): PasswordHasher => {
  const options = { type: argon2id, ...params };
  const hashPassword = (password: string) => hash(password, options);
  const verifyPassword = async (passwordHash: string, password: string) => {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  };
  // One fixed dummy hash per process with the current parameters, made on first use.
  let dummy: Promise<string> | undefined;
  const dummyHash = () => (dummy ??= hashPassword('pitclock-dummy-password-for-unknown-accounts'));
  return {
    hash: hashPassword,
    verify: verifyPassword,
    verifyUnknown: async (password) => {
      await verifyPassword(await dummyHash(), password);
      return false;
    },
    needsRehash: (passwordHash) =>
      !passwordHash.startsWith('$argon2id$') || needsRehash(passwordHash, params),
  };
};
