import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

// The build helpers' tests run in Node (@vitest-environment node): no DOM to prepare there.
const hasDom = typeof window !== 'undefined';

// jsdom does not scroll; the route effects call it on every navigation.
if (hasDom) window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  if (!hasDom) return;
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
