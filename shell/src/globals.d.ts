/** The running build (defined by build/build-meta.ts; the same data as /build-meta.json at build time). */
declare const __PITCLOCK_BUILD__: { version: string; buildTime: string };
