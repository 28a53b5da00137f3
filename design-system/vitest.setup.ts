import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { setProjectAnnotations } from '@storybook/react';
import previewAnnotations from './.storybook/preview';

// A loaded CI machine can take longer than testing-library's default second to answer a debounced search
// from a test's own HTTP server: findBy and waitFor wait up to 5 s (a test that passes waits no longer).
configure({ asyncUtilTimeout: 5_000 });

// Stories rendered in tests get the same decorators and globals as in Storybook.
setProjectAnnotations([previewAnnotations]);

// jsdom has no matchMedia; a light-scheme stub that tests can replace.
if (typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

afterEach(() => {
  cleanup();
  document.documentElement.removeAttribute('data-theme');
  localStorage.clear();
});
