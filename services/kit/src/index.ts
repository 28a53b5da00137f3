export {
  ConfigError,
  baseConfigSchema,
  commonConfigSchema,
  defaultHeadersTimeoutMs,
  defaultRequestTimeoutMs,
  loadConfig,
  logLevels,
  portVar,
  urlListVar,
} from './config';
export type { BaseConfig, CommonConfig, LogLevel } from './config';
export { createHttpLogger, createLogger } from './logger';
export type { Logger, LoggerOptions } from './logger';
export { safeError } from './safe-errors';
export { createDatabase, migrate } from './database';
export type { Database, DatabaseOptions, Db, MigrateOptions, Tx } from './database';
export { createRedis, redisReconnectDelay } from './redis';
export type { RedisHandle, RedisOptions } from './redis';
export {
  HttpError,
  badRequest,
  conflict,
  errorBodySchema,
  forbidden,
  notFound,
  tooMany,
  unauthorized,
  unavailable,
} from './http/errors';
export type { ErrorBody } from './http/errors';
export { parse, toIssues, validationFailed } from './http/validate';
export type { ValidationIssue } from './http/validate';
export {
  containsNul,
  dependencyRetryAfterSeconds,
  errorHandler,
  invalidCharacters,
  jsonBody,
  notFoundHandler,
  rejectNulCharacters,
} from './http/handlers';
export { isDependencyUnavailable } from './http/dependency-errors';
export { Registry, createMetricsRegistry, httpDurationMetricName, httpMetrics } from './metrics';
export { createProbeRouter, createServiceApp, parseTrustProxy } from './app';
export type {
  CheckStatus,
  HealthBody,
  ProbeOptions,
  ReadinessCheck,
  ReadyBody,
  ServiceAppOptions,
  VersionBody,
} from './app';
export { installShutdown, runMain, serve, serverKeepAliveTimeoutMs } from './serve';
export type { ServeOptions, ServerHandle, Stoppable } from './serve';
export { connectInfrastructure, startHttpService } from './service';
export type { Infrastructure, ServiceContext } from './service';
export { resolveVersion } from './version';
export type { VersionInfo } from './version';
export { accountGone, bearerToken, createAuth, getAuthUser, signAccessToken, tokenRevoked } from './auth';
export { createTokenGenerations, tokenGenerationKey } from './token-generations';
export type { TokenGenerations } from './token-generations';
export { createRateLimit } from './rate-limit';
export type { RateLimit, RateLimitOptions, RateLimitState } from './rate-limit';
export type { AccessClaims, AdminAnswer, Auth, AuthOptions, AuthUser } from './auth';
export { isCheckViolation, isUniqueViolation, uniqueViolationOf } from './pg-errors';
export {
  containsPattern,
  countUpTo,
  mapPage,
  pageQueryParts,
  readPage,
  readTablePage,
  sortKeyOf,
} from './pages';
export type { KeyedRow, PageQueryParts, PageTotal, ReadPageOptions, SortColumn, SortColumns } from './pages';
export { auditSearchTextOf, readAuditPage, toAuditEntry } from './audit-trail';
export type { AuditColumn, AuditFilter, AuditRowLike, AuditTable } from './audit-trail';
