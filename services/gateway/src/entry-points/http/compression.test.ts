import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { varyOnAcceptEncoding } from './compression';

const answer = (vary?: string | string[]) => {
  let current: string | string[] | undefined = vary;
  const res = {
    getHeader: () => current,
    setHeader: (_name: string, value: string) => void (current = value),
  };
  return { res: res as unknown as ServerResponse, vary: () => current };
};

describe('varyOnAcceptEncoding (as the vary package adds a field)', () => {
  it.each([
    [undefined, 'Accept-Encoding'],
    ['', 'Accept-Encoding'],
    ['Origin', 'Origin, Accept-Encoding'],
    [['Origin', 'Cookie'], 'Origin, Cookie, Accept-Encoding'],
    ['Origin, accept-encoding', 'Origin, accept-encoding'],
    ['ACCEPT-ENCODING', 'ACCEPT-ENCODING'],
    ['*', '*'],
    ['Origin, *', '*'],
  ] as const)('Vary %j becomes %j', (before, after) => {
    const { res, vary } = answer(before as string | string[] | undefined);
    varyOnAcceptEncoding(res);
    expect(vary()).toEqual(after);
  });
});
