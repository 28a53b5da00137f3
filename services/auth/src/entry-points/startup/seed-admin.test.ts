import { createLogger } from '@pitclock/kit';
import { describe, expect, it } from 'vitest';
import { newEmail, PASSWORD, useAuthService } from '../../test-support/harness';
import { seedAdmin } from '../../application/seed-admin';
import { adminSignInNotice, seedFirstAdmin } from './seed-admin';

const svc = useAuthService();
const logger = createLogger({ name: 'seed-test', level: 'silent' });

const seed = (email: string | undefined, password?: string) =>
  seedAdmin(
    { users: svc.users(), passwords: svc.passwords, logger, clock: () => new Date() },
    { email, password },
  );

const rowsOf = (email: string) =>
  svc.query<{ is_admin: boolean; password_hash: string }>(
    'select is_admin, password_hash from users where lower(email) = lower($1)',
    [email],
  );

describe('seeding the first admin from ADMIN_EMAIL / ADMIN_PASSWORD', () => {
  it('creates the admin once with ADMIN_PASSWORD; a second start changes nothing (the password is not reset)', async () => {
    const email = newEmail('admin');
    expect(await seed(email, 'first-password')).toEqual({ outcome: 'created', email });
    const [created] = await rowsOf(email);
    expect(created!.is_admin).toBe(true);
    expect(await seed(email, 'another-password')).toEqual({ outcome: 'exists', email });
    expect(await rowsOf(email)).toEqual([created]);
    expect((await svc.login(email, 'first-password')).status).toBe(200);
    expect((await svc.login(email, 'another-password')).status).toBe(401);
  });

  it('generates a password when ADMIN_PASSWORD is unset, prints how to sign in once, and that password works', async () => {
    const email = newEmail('generated');
    const printed: string[] = [];
    const run = () =>
      seedFirstAdmin({
        config: { ADMIN_EMAIL: email },
        users: svc.users(),
        passwords: svc.passwords,
        logger,
        print: (t) => printed.push(t),
      });
    const result = await run();
    expect(result.outcome).toBe('created');
    const password = result.outcome === 'created' ? result.generatedPassword! : '';
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(printed).toEqual([`${adminSignInNotice(email, password)}\n`]);
    expect(printed[0]).toContain(`Sign in at /login with e-mail ${email} and password ${password}`);
    expect((await svc.login(email, password)).status).toBe(200);
    expect((await run()).outcome).toBe('exists');
    expect(printed).toHaveLength(1);
  });

  it('does not promote an existing non-admin account unless ADMIN_PASSWORD is its password', async () => {
    const email = newEmail('squatter');
    await svc.register({ email });
    expect(await seed(email.toUpperCase())).toEqual({ outcome: 'refused', email });
    expect(await seed(email, 'a-guess-that-is-wrong')).toEqual({ outcome: 'refused', email });
    expect((await rowsOf(email))[0]!.is_admin).toBe(false);
    expect(await seed(email, PASSWORD)).toEqual({ outcome: 'promoted', email });
    expect((await rowsOf(email))[0]!.is_admin).toBe(true);
  });

  it('is safe when several instances start at once: one admin row', async () => {
    const email = newEmail('race');
    const results = await Promise.all([
      seed(email, 'race-password'),
      seed(email, 'race-password'),
      seed(email, 'race-password'),
    ]);
    expect(results.filter((r) => r.outcome === 'created')).toHaveLength(1);
    expect(results.filter((r) => r.outcome === 'exists')).toHaveLength(2);
    expect(await rowsOf(email)).toHaveLength(1);
  });

  it('does nothing without ADMIN_EMAIL', async () => {
    const before = await svc.counts();
    expect(await seed(undefined)).toEqual({ outcome: 'skipped' });
    expect(await svc.counts()).toEqual(before);
  });
});
