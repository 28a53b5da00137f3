import { describe, expect, it } from 'vitest';
import { resolveVersion } from './version';

describe('resolveVersion', () => {
  it('APP_VERSION and APP_COMMIT win', () => {
    expect(resolveVersion({ APP_VERSION: '2.3.4', APP_COMMIT: 'abc1234' })).toEqual({
      version: '2.3.4',
      commit: 'abc1234',
    });
  });

  it('otherwise the root package.json version (0.0.0 when it has none), without a commit', () => {
    const info = resolveVersion({});
    expect(info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(info).not.toHaveProperty('commit');
  });
});
