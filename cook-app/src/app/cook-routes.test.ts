import { describe, expect, it } from 'vitest';
import { COOK_SCREENS } from '@pitclock/contracts/screens';
import { cookScreenOf } from './cook-routes';

describe('cookScreenOf (the key of a screen’s loading boundary)', () => {
  it('is the route pattern, so two cook-offs’ steps share one screen', () => {
    expect(cookScreenOf('/contests/4/steps')).toBe('/contests/:id/steps');
    expect(cookScreenOf('/contests/9/steps')).toBe('/contests/:id/steps');
    expect(cookScreenOf('/contests/4/runs/7/steps')).toBe('/contests/:contestId/runs/:runId/steps');
    expect(cookScreenOf('/templates/2/steps')).toBe('/templates/:id/steps');
  });

  it('is each declared screen’s own path, and * for a path that is no screen', () => {
    for (const { path } of COOK_SCREENS) {
      expect(cookScreenOf(path.replaceAll(/:\w+/g, '12'))).toBe(path);
    }
    expect(cookScreenOf('/no-such-screen')).toBe('*');
  });
});
