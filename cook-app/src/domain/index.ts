// Public surface of the cook-app domain: pure rules, no React, no fetch, no storage, no clock of its own.
// backup.ts is deliberately not re-exported: the store imports it lazily (`import('../domain/backup')`)
// so that restore and export code stays out of the first screen's bundle.
export * from './time';
export * from './readers';
export * from './schedule';
export * from './step-state';
export * from './alerts';
export * from './license';
export * from './contests';
export * from './validation';
export * from './weather';
export * from './run-review';
export * from './contest-clock';
export * from './replan';
export * from './day-format';
export * from './units';
