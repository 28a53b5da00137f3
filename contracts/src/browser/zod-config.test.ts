import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { config } from 'zod/v4/core';
import { configureZodForBrowser } from './zod-config';

const realFunction = globalThis.Function;
const jitlessBefore = config().jitless;

/** Runs `work` with the global Function constructor watched: how often code was built from text. */
function functionsBuiltDuring(work: () => void): number {
  let built = 0;
  globalThis.Function = new Proxy(realFunction, {
    construct(target, args: string[]) {
      built += 1;
      return Reflect.construct(target, args) as object;
    },
    apply(target, self, args: string[]) {
      built += 1;
      return Reflect.apply(target, self, args) as unknown;
    },
  });
  try {
    work();
  } finally {
    globalThis.Function = realFunction;
  }
  return built;
}

afterEach(() => {
  config({ jitless: jitlessBefore });
});

describe('configureZodForBrowser', () => {
  it('classic zod otherwise builds its object parsers with new Function (which a strict CSP refuses)', () => {
    expect(functionsBuiltDuring(() => z.object({ a: z.string() }).parse({ a: 'x' }))).toBeGreaterThan(0);
  });

  it('zod/mini objects never do', () => {
    expect(functionsBuiltDuring(() => zm.object({ a: zm.string() }).parse({ a: 'x' }))).toBe(0);
  });

  it('turns it off for every schema made afterwards, parsing the same', () => {
    configureZodForBrowser();
    expect(config().jitless).toBe(true);
    let parsed: unknown;
    const built = functionsBuiltDuring(() => {
      parsed = z.object({ a: z.string(), b: z.number().optional() }).parse({ a: 'x', c: 1 });
    });
    expect(built).toBe(0);
    expect(parsed).toEqual({ a: 'x' });
  });
});
