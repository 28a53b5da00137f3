import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from './errors';
import { parse } from './validate';

const Body = z.object({
  code: z.string({ error: 'Code is required' }).min(1, 'Code is required'),
  amount: z.number({ error: 'Enter an amount > 0' }).positive('Enter an amount > 0'),
});

const refusalOf = (run: () => unknown): HttpError => {
  try {
    run();
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
  throw new Error('parse did not refuse');
};

describe('parse (the one request validator of every service)', () => {
  it('answers the parsed value', () => {
    expect(parse(Body, { code: 'A', amount: 2 })).toEqual({ code: 'A', amount: 2 });
  });

  it("refuses with 400 validation_failed, the first rule's own text as the message and every issue in details", () => {
    const refusal = refusalOf(() => parse(Body, { code: '', amount: -1 }));
    expect(refusal.status).toBe(400);
    expect(refusal.toBody()).toEqual({
      error: 'validation_failed',
      message: 'Code is required',
      details: {
        issues: [
          { path: 'code', message: 'Code is required', code: 'too_small' },
          { path: 'amount', message: 'Enter an amount > 0', code: 'too_small' },
        ],
      },
    });
  });

  it('reads a missing body as an empty object, so that its missing fields are named', () => {
    const refusal = refusalOf(() => parse(Body, undefined));
    expect(refusal.toBody()).toMatchObject({ message: 'Code is required' });
    expect((refusal.details as { issues: { path: string }[] }).issues.map((issue) => issue.path)).toEqual([
      'code',
      'amount',
    ]);
  });

  it('names a path parameter, whose rules have no sentence of their own, or takes a message of its own', () => {
    const positive = z.coerce.number().int().positive();
    expect(refusalOf(() => parse(positive, 'x', 'User id')).toBody()).toMatchObject({
      error: 'validation_failed',
      message: 'User id is invalid',
    });
    expect(
      refusalOf(() => parse(positive, 'x', { message: 'The run id is not valid' })).toBody(),
    ).toMatchObject({
      error: 'validation_failed',
      message: 'The run id is not valid',
    });
  });
});
