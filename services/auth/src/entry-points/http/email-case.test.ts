import fc from 'fast-check';
import { decodeJwt } from 'jose';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { device_info, messages, newIp, PASSWORD, useAuthService } from '../../test-support/harness';

const svc = useAuthService();

const unique = () => Math.random().toString(36).slice(2, 10);

/** Registers over HTTP and answers the status. */
const registerStatus = async (email: string) =>
  (
    await request(svc.app())
      .post('/api/auth/register')
      .set('X-Forwarded-For', newIp())
      .send({ email, password: PASSWORD, display_name: 'Pit Boss', device_info })
  ).status;

/** Signs in and answers the user id of the token, or the status when it failed. */
const signedInAs = async (email: string): Promise<number | { status: number }> => {
  const res = await svc.login(email);
  if (res.status !== 200) return { status: res.status };
  return Number(decodeJwt(res.body.token).sub);
};

/** The account stored with exactly this address (as typed at registration). */
const idOf = async (email: string) =>
  (await svc.query<{ id: number }>('select id from users where email = $1', [email]))[0]?.id;

/** Case variants that still pass the signup rules (upper case may lengthen: 'ß' is 'SS'). */
const variantsOf = (email: string) =>
  [email, email.toUpperCase(), email.toLowerCase()].filter((variant) => variant.length <= 254);

describe('e-mails whose case mapping differs between JavaScript and PostgreSQL (issue 17, hole 6)', () => {
  it.each([
    ['a final sigma', 'ΑΣ'],
    ['a dotted capital I', 'İNCİ'],
    ['a sharp s', 'straße'],
    ['a capital sharp s', 'STRAẞE'],
    ['the Kelvin sign', 'K-ration'],
    ['a decomposed accent', 'jose\u0301'],
  ])(
    'an address with %s signs in after registering, typed as registered and in upper and lower case',
    async (_name, local) => {
      const email = `${local}.${unique()}@pitclock.test`;
      expect(await registerStatus(email)).toBe(201);
      const id = await idOf(email);
      expect(id).toBeDefined();
      for (const variant of variantsOf(email)) expect(await signedInAs(variant), variant).toBe(id);
    },
  );

  it('keeps the address as typed and its one normalised key, unique: a case variant cannot register again (409)', async () => {
    const tag = unique();
    const email = `ΟΔΥΣΣΕΥΣ.${tag}@pitclock.test`;
    expect(await registerStatus(email)).toBe(201);
    const [row] = await svc.query<{ email: string; email_key: string }>(
      'select email, email_key from users where email = $1',
      [email],
    );
    expect(row).toEqual({ email, email_key: `οδυσσευσ.${tag}@pitclock.test` });
    const before = await svc.counts();
    for (const variant of [
      `οδυσσευς.${tag}@pitclock.test`,
      `οδυσσευσ.${tag}@pitclock.test`,
      `ΟδυσσευΣ.${tag}@PITCLOCK.TEST`,
    ]) {
      const res = await request(svc.app())
        .post('/api/auth/register')
        .set('X-Forwarded-For', newIp())
        .send({ email: variant, password: PASSWORD, display_name: 'Copy Cat', device_info });
      expect(res.status, variant).toBe(409);
      expect(res.body).toEqual({ error: 'email_taken', message: messages.emailTaken });
    }
    expect(await registerStatus(`STRASSE.${tag}@pitclock.test`)).toBe(201);
    expect(await registerStatus(`straße.${tag}@pitclock.test`)).toBe(409);
    expect((await svc.counts()).users).toBe(before.users + 1);
  });

  it('property: any e-mail that registers signs in to the same account, typed the same way or in upper or lower case', async () => {
    const tricky = [
      'Σ',
      'σ',
      'ς',
      'İ',
      'ı',
      'i',
      'I',
      'ß',
      'ẞ',
      'K',
      'k',
      'Å',
      'Å',
      'é',
      'e\u0301',
      'ﬁ',
      'ŉ',
      'Ω',
      'ǅ',
      'ᾳ',
      'a',
      'Z',
      '-',
      '.',
    ];
    const part = fc.string({
      unit: fc.oneof(fc.constantFrom(...tricky), fc.constantFrom(...'abcXYZ019_+')),
      minLength: 1,
      maxLength: 12,
    });
    await fc.assert(
      fc.asyncProperty(part, part, async (local, domain) => {
        const email = `${unique()}${local}@${domain}.test`;
        expect(await registerStatus(email), email).toBe(201);
        const id = await idOf(email);
        for (const variant of variantsOf(email)) expect(await signedInAs(variant), variant).toBe(id);
      }),
      { numRuns: 25 },
    );
  });
});
