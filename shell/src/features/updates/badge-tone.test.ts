import { describe, expect, it } from 'vitest';
import { badgeTone, type BuildMetaState } from './badge-tone';

const loaded = (version: string): BuildMetaState => ({
  status: 'loaded',
  version,
  buildTime: '2026-01-01T00:00:00Z',
});

describe('badgeTone', () => {
  it('is amber when an update is ready, whatever the build meta says', () => {
    expect(badgeTone(true, loaded('1.0.0'), '1.0.0')).toBe('amber');
    expect(badgeTone(true, loaded('2.0.0'), '1.0.0')).toBe('amber');
    expect(badgeTone(true, { status: 'failed' }, '1.0.0')).toBe('amber');
  });

  it('is yellow when the deployed build meta differs from the running version', () => {
    expect(badgeTone(false, loaded('2.0.0'), '1.0.0')).toBe('yellow');
  });

  it('is red when the build meta failed to load', () => {
    expect(badgeTone(false, { status: 'failed' }, '1.0.0')).toBe('red');
  });

  it('is neutral when the running build is the deployed one, or while loading', () => {
    expect(badgeTone(false, loaded('1.0.0'), '1.0.0')).toBe('neutral');
    expect(badgeTone(false, { status: 'loading' }, '1.0.0')).toBe('neutral');
  });
});
