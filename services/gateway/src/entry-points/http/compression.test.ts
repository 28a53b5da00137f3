import { describe, expect, it } from 'vitest';
import { varyWithAcceptEncoding } from './compression';

describe('varyWithAcceptEncoding (as the vary package adds a field)', () => {
  it.each([
    [undefined, 'Accept-Encoding'],
    ['', 'Accept-Encoding'],
    ['Origin', 'Origin, Accept-Encoding'],
    [['Origin', 'Cookie'], 'Origin, Cookie, Accept-Encoding'],
    ['Origin, accept-encoding', undefined],
    ['ACCEPT-ENCODING', undefined],
    ['*', undefined],
    ['Origin, *', '*'],
  ] as const)('Vary %j becomes %j (undefined: stays as it is)', (before, after) => {
    expect(varyWithAcceptEncoding(before)).toEqual(after);
  });
});
