export { closedPort, createTestDatabase, testRedisPrefix, testRedisUrl } from './resources';
export type { TestDatabase, TestRedisPrefix } from './resources';
export { describeServiceBasics } from './service-suite';
export type { ServiceAppDeps, ServiceSuiteContext, ServiceSuiteOptions } from './service-suite';
