// Test-only helpers shared with other packages' tests (never imported by app code).
export * from './test-server';
export * from './sync-test-server';
