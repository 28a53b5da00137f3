export { closedPort, createTestDatabase, testRedisPrefix, testRedisUrl } from './resources';
export type { TestDatabase, TestRedisPrefix } from './resources';
export { describeServiceBasics } from './service-suite';
export { withNulInEachString } from './hostile-input';
export type { NulVariant } from './hostile-input';
export type { ServiceAppDeps, ServiceSuiteContext, ServiceSuiteOptions } from './service-suite';
