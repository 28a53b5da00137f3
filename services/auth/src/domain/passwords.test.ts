import { argon2id, hash } from 'argon2';
import { describe, expect, it } from 'vitest';
import { ARGON2_PARAMS, createPasswordHasher } from './passwords';

const hasher = createPasswordHasher();

describe('password hashing (argon2 0.44.0, argon2id)', () => {
  it('loads the native module and hashes with argon2id and the chosen parameters, with a random salt', async () => {
    const a = await hasher.hash('correct horse battery');
    const b = await hasher.hash('correct horse battery');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
    expect(a).not.toBe(b);
    expect(ARGON2_PARAMS).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  });

  it('verifies the right password and refuses a wrong one or a broken hash without throwing', async () => {
    const stored = await hasher.hash('correct horse battery');
    expect(await hasher.verify(stored, 'correct horse battery')).toBe(true);
    expect(await hasher.verify(stored, 'correct horse battery ')).toBe(false);
    expect(await hasher.verify('not-a-hash', 'x')).toBe(false);
  });

  it('verifyUnknown always fails', async () => {
    expect(await hasher.verifyUnknown('anything')).toBe(false);
    expect(await hasher.verifyUnknown('pitclock-dummy-password-for-unknown-accounts')).toBe(false);
  });

  it('asks for a re-hash of hashes made with other parameters or another algorithm', async () => {
    expect(hasher.needsRehash(await hasher.hash('x'))).toBe(false);
    expect(
      hasher.needsRehash(await hash('x', { type: argon2id, memoryCost: 8192, timeCost: 1, parallelism: 1 })),
    ).toBe(true);
    expect(hasher.needsRehash('$2b$10$abcdefghijklmnopqrstuu5x9qz4Z8b0s1p0wYH7e2Z2qf9pJQ6iW')).toBe(true);
  });
});
