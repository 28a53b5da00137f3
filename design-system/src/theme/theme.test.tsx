import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { applyTheme, readThemeChoice, resolveScheme, useColorScheme, writeThemeChoice } from './theme';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
}

function stubMatchMedia(prefersDark: boolean) {
  const listeners = new Set<() => void>();
  const mql = {
    get matches() {
      return prefersDark;
    },
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_: string, cb: () => void) => listeners.add(cb),
    removeEventListener: (_: string, cb: () => void) => listeners.delete(cb),
  };
  vi.spyOn(window, 'matchMedia').mockImplementation(() => mql as unknown as MediaQueryList);
  return {
    set(next: boolean) {
      prefersDark = next;
      listeners.forEach((cb) => cb());
    },
  };
}

afterEach(() => vi.restoreAllMocks());

describe('readThemeChoice / writeThemeChoice', () => {
  it("reads 'true' as dark, 'false' as light and anything else as system", () => {
    expect(readThemeChoice(memoryStorage({ darkMode: 'true' }))).toBe('dark');
    expect(readThemeChoice(memoryStorage({ darkMode: 'false' }))).toBe('light');
    expect(readThemeChoice(memoryStorage())).toBe('system');
    expect(readThemeChoice(memoryStorage({ darkMode: 'yes' }))).toBe('system');
    expect(readThemeChoice(null)).toBe('system');
    expect(
      readThemeChoice({
        getItem: () => {
          throw new Error('denied');
        },
      }),
    ).toBe('system');
  });

  it("writes 'true'/'false' and removes the key for system", () => {
    const storage = memoryStorage();
    writeThemeChoice(storage, 'dark');
    expect(storage.data.get('darkMode')).toBe('true');
    writeThemeChoice(storage, 'light');
    expect(storage.data.get('darkMode')).toBe('false');
    writeThemeChoice(storage, 'system');
    expect(storage.data.has('darkMode')).toBe(false);
  });
});

describe('applyTheme', () => {
  it('sets data-theme for an explicit choice and removes it for system', () => {
    const root = document.createElement('html');
    applyTheme('dark', root);
    expect(root.getAttribute('data-theme')).toBe('dark');
    applyTheme('light', root);
    expect(root.getAttribute('data-theme')).toBe('light');
    applyTheme('system', root);
    expect(root.hasAttribute('data-theme')).toBe(false);
  });

  it('resolveScheme follows the system only for system', () => {
    expect(resolveScheme('system', true)).toBe('dark');
    expect(resolveScheme('system', false)).toBe('light');
    expect(resolveScheme('light', true)).toBe('light');
  });
});

describe('useColorScheme', () => {
  it('follows the system when nothing is stored, including later changes', () => {
    const media = stubMatchMedia(true);
    const { result } = renderHook(() => useColorScheme());
    expect(result.current.choice).toBe('system');
    expect(result.current.scheme).toBe('dark');
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
    act(() => media.set(false));
    expect(result.current.scheme).toBe('light');
  });

  it('a stored choice wins over the system and setChoice stores and applies it', () => {
    stubMatchMedia(true);
    localStorage.setItem('darkMode', 'false');
    const { result } = renderHook(() => useColorScheme());
    expect(result.current.choice).toBe('light');
    expect(result.current.scheme).toBe('light');
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');

    act(() => result.current.setChoice('dark'));
    expect(localStorage.getItem('darkMode')).toBe('true');
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(result.current.scheme).toBe('dark');

    act(() => result.current.setChoice('system'));
    expect(localStorage.getItem('darkMode')).toBeNull();
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
    expect(result.current.scheme).toBe('dark');
  });
});
