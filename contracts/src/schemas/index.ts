// Browser-free entry: the call shapes shared by services and front ends.
export * from './common';
export * from './stored-values';
export * from './auth';
export * from './licensing';
export * from './pages';
export * from './audit';
export * from './push';
export * from './sync';
