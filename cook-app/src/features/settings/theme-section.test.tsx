import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { THEME_STORAGE_KEY } from '@pitclock/design-system';
import { ThemeSection } from './theme-section';

const root = document.documentElement;
afterEach(() => {
  root.removeAttribute('data-theme');
  vi.unstubAllGlobals();
});

const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe('Dark mode', () => {
  it('offers Light, Dark and System in a group named Theme, System chosen when nothing is stored', () => {
    render(<ThemeSection />);
    expect(screen.getByRole('group', { name: 'Theme' })).toBeTruthy();
    expect(radio('System').checked).toBe(true);
    expect(radio('Light').checked).toBe(false);
    expect(radio('Dark').checked).toBe(false);
    expect(screen.getByText(/System follows your device’s setting/)).toBeTruthy();
  });

  it('Dark sets data-theme="dark" on <html> and stores it; Light sets "light"; System removes both', async () => {
    const user = userEvent.setup();
    render(<ThemeSection />);
    await user.click(radio('Dark'));
    expect(root.getAttribute('data-theme')).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('true');
    expect(radio('Dark').checked).toBe(true);

    await user.click(radio('Light'));
    expect(root.getAttribute('data-theme')).toBe('light');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('false');

    await user.click(radio('System'));
    expect(root.hasAttribute('data-theme')).toBe(false);
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });

  it('starts from the stored choice and applies it', () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'true');
    render(<ThemeSection />);
    expect(radio('Dark').checked).toBe(true);
    expect(root.getAttribute('data-theme')).toBe('dark');
  });

  it('is usable from the keyboard: arrow keys move the choice', async () => {
    // user-event walks a radio group with CSS.escape, which jsdom lacks (the names are quoted anyway).
    vi.stubGlobal('CSS', { escape: (value: string) => value.replace(/["\\]/g, '\\$&') });
    const user = userEvent.setup();
    render(<ThemeSection />);
    radio('System').focus();
    await user.keyboard('{ArrowLeft}');
    expect(radio('Dark').checked).toBe(true);
    expect(root.getAttribute('data-theme')).toBe('dark');
  });
});
