// The sync engine's pure parts, shared by the cook-app (lazily loaded) and the sync service.
export * from './hlc';
export * from './records';
export * from './replica';
export * from './server-rules';
