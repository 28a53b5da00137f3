export { closedPort, createTestDatabase, testRedisPrefix, testRedisUrl } from './resources';
export type { TestDatabase, TestRedisPrefix } from './resources';
export {
  TEST_JWT_AUDIENCE,
  TEST_JWT_SECRET,
  bearer,
  callerWith,
  createTestClock,
  listen,
  testServiceEnv,
  tokenFor,
  useTestService,
} from './service-harness';
export type { Caller, Listening, TestClock, TestService, TestServiceOptions } from './service-harness';
export { describeServiceBasics } from './service-suite';
export { withNulInEachString } from './hostile-input';
export type { NulVariant } from './hostile-input';
export type { ServiceAppDeps, ServiceSuiteContext, ServiceSuiteOptions } from './service-suite';
export { waitFor } from './wait-for';
