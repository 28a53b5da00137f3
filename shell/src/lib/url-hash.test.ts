import { describe, expect, it } from 'vitest';
import { mirroredUrl, pathFromBootHash } from './url-hash';

describe('mirroredUrl', () => {
  it('puts the path into the hash and keeps pathname and query', () => {
    expect(mirroredUrl('/contests', '')).toBe('/contests#/contests');
    expect(mirroredUrl('/promo', '?returnTo=%2Fcontests')).toBe('/promo?returnTo=%2Fcontests#/promo');
    expect(mirroredUrl('/', '')).toBe('/#/');
  });
});

describe('pathFromBootHash', () => {
  it("opens the path of a '/#/login' URL (where the HTTP client sends an expired session)", () => {
    expect(pathFromBootHash('/', '#/login')).toBe('/login');
    expect(pathFromBootHash('/', '#/contests')).toBe('/contests');
  });

  it('leaves every other URL alone', () => {
    expect(pathFromBootHash('/', '')).toBeNull();
    expect(pathFromBootHash('/', '#/')).toBeNull();
    expect(pathFromBootHash('/', '#section')).toBeNull();
    expect(pathFromBootHash('/contests', '#/contests')).toBeNull();
  });
});
