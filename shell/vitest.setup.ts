import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// A loaded CI machine can take longer than testing-library's default second to answer a debounced search
// from a test's own HTTP server: findBy and waitFor wait up to 5 s (a test that passes waits no longer).
configure({ asyncUtilTimeout: 5_000 });

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
