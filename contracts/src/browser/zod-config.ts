import { config } from 'zod/v4/core';

/**
 * For the browser's entry, before any schema is made (a classic zod object schema settles how it parses
 * when it is made): zod then never builds a parser with `new Function`, nor probes whether it may (its
 * probe, `new Function('')`, is caught by zod but reported by a Content-Security-Policy without
 * 'unsafe-eval'). Parsing gives the same results, without the compiled fast path. zod/mini objects never
 * compile; classic zod still loads on later pages (sign-in forms, admin). The setting is page-wide: every
 * copy of zod on the page (the shell's, the cook-app's) reads the same global configuration. Importing
 * contracts configures nothing: the entry calls this.
 */
export function configureZodForBrowser(): void {
  config({ jitless: true });
}
