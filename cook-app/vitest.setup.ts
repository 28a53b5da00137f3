import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// A loaded CI machine can take longer than testing-library's default second to answer a debounced search
// from a test's own HTTP server: findBy and waitFor wait up to 5 s (a test that passes waits no longer).
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
