import { describe, expect, it } from 'vitest';
import { ADMIN_SCREENS, COOK_SCREENS, navLinks } from './screens';

describe('the screen lists the remotes and the shell share', () => {
  it('declare each path once, absolute, with the admin screens under /admin/ and no cook screen there', () => {
    const paths = [...COOK_SCREENS, ...ADMIN_SCREENS].map((screen) => screen.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path.startsWith('/')).toBe(true);
    for (const { path } of ADMIN_SCREENS) expect(path.startsWith('/admin/')).toBe(true);
    for (const { path } of COOK_SCREENS) expect(path.startsWith('/admin')).toBe(false);
  });

  it('give each navigation group its links in list order, a cook screen never in the Admin group', () => {
    expect(navLinks('main').map((link) => link.to)).toEqual(
      COOK_SCREENS.flatMap((screen) => ('nav' in screen ? [screen.path] : [])),
    );
    expect(navLinks('admin').map((link) => link.to)).toEqual(
      ADMIN_SCREENS.flatMap((screen) => ('nav' in screen ? [screen.path] : [])),
    );
  });
});
