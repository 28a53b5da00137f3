// The environment variables each deployable process reads, derived from the code: the keys of its zod
// config schema, plus every `process.env.X` / `env.X` read in its non-test sources (and kit's).
import type { z } from 'zod';
import { authConfigSchema } from '@pitclock/auth/config';
import { gatewayConfigSchema } from '@pitclock/gateway/config';
import { licensingConfigSchema } from '@pitclock/licensing/config';
import { notifierConfigSchema, workerConfigSchema } from '@pitclock/notifier/config';
import { syncConfigSchema } from '@pitclock/sync/config';
import { listRepoFiles, readRepoFile } from './repo';

export type ServiceProcess = {
  /** The compose service and the Kubernetes Deployment of the process. */
  name: string;
  schema: z.ZodType;
  /** Source folders whose non-test files the process runs (its service and kit). */
  sources: string[];
  /** infra/docker/<image>.Dockerfile builds its image. */
  image: string;
  /** The entry file, relative to the service folder (the image's WORKDIR). */
  entry: string;
};

export const processes: readonly ServiceProcess[] = [
  {
    name: 'auth',
    schema: authConfigSchema,
    sources: ['services/auth/src', 'services/kit/src'],
    image: 'auth',
    entry: 'src/main.ts',
  },
  {
    name: 'licensing',
    schema: licensingConfigSchema,
    sources: ['services/licensing/src', 'services/kit/src'],
    image: 'licensing',
    entry: 'src/main.ts',
  },
  {
    name: 'notifier',
    schema: notifierConfigSchema,
    sources: ['services/notifier/src', 'services/kit/src'],
    image: 'notifier',
    entry: 'src/main.ts',
  },
  {
    name: 'notifier-worker',
    schema: workerConfigSchema,
    sources: ['services/notifier/src', 'services/kit/src'],
    image: 'notifier',
    entry: 'src/worker.ts',
  },
  {
    name: 'sync',
    schema: syncConfigSchema,
    sources: ['services/sync/src', 'services/kit/src'],
    image: 'sync',
    entry: 'src/main.ts',
  },
  {
    name: 'gateway',
    schema: gatewayConfigSchema,
    sources: ['services/gateway/src', 'services/kit/src'],
    image: 'gateway',
    entry: 'src/main.ts',
  },
];

type SchemaDef = { type: string; shape?: Record<string, unknown>; in?: unknown };

/**
 * The variable names of a config schema: the keys of its object, looking through what wraps it
 * (.transform() makes a pipe whose input is the object; .superRefine() and .extend() keep an object).
 */
export const schemaVariables = (schema: z.ZodType): string[] => {
  let current: unknown = schema;
  for (let depth = 0; depth < 10; depth += 1) {
    const def = (current as { _zod: { def: SchemaDef } })._zod.def;
    if (def.type === 'object' && def.shape) return Object.keys(def.shape).sort();
    if (def.type === 'pipe') current = def.in;
    else throw new Error(`cannot list the variables of a ${def.type} schema`);
  }
  throw new Error('schema nested too deeply');
};

/**
 * Variables read straight from an environment record in source code: process.env.X, process.env['X'],
 * and env.X (functions that take `env = process.env`). Test files and test helpers (kit's testing/,
 * the services' test-support/) are not part of a deployed process.
 */
const readPatterns = [
  /\bprocess\.env\.([A-Z][A-Z0-9_]*)\b/g,
  /\bprocess\.env\[['"]([A-Z][A-Z0-9_]*)['"]\]/g,
  /\benv\.([A-Z][A-Z0-9_]*)\b/g,
];

const isRuntimeSource = (path: string) =>
  /\.(ts|tsx|js|mjs)$/.test(path) &&
  !/\.test\.(ts|tsx|js|mjs)$/.test(path) &&
  !/\/(testing|test-support)\//.test(path);

export const sourceVariables = (folders: readonly string[]): string[] => {
  const names = new Set<string>();
  for (const folder of folders) {
    for (const file of listRepoFiles(folder, isRuntimeSource)) {
      const text = readRepoFile(file);
      for (const pattern of readPatterns) for (const match of text.matchAll(pattern)) names.add(match[1]!);
    }
  }
  return [...names].sort();
};

/** Everything a process reads from its environment. */
export const variablesReadBy = (service: ServiceProcess): string[] =>
  [...new Set([...schemaVariables(service.schema), ...sourceVariables(service.sources)])].sort();

/**
 * Read by a process but deliberately left unset in compose and Kubernetes, because the default is the
 * right value there. Keep this list short: prefer setting the variable.
 */
export const optionalWithDefault: Readonly<Record<string, string>> = {
  GATEWAY_PORT: 'gateway: only an override of PORT, which is set',
  SHELL_DIST:
    'gateway: per-app override of STATIC_ROOT, which is set (the image has <STATIC_ROOT>/shell/dist)',
  COOK_APP_DIST: 'gateway: per-app override of STATIC_ROOT, which is set (<STATIC_ROOT>/cook-app/dist)',
  ADMIN_CONSOLE_DIST:
    'gateway: per-app override of STATIC_ROOT, which is set (<STATIC_ROOT>/admin-console/dist)',
};

/**
 * Set in the deployment files but read by no service, with the reason (anything else set and unread is a
 * typo or a leftover).
 */
export const setForOthers: Readonly<Record<string, string>> = {
  REDIS_ADDRESS: "KEDA's redis scaler (TriggerAuthentication notifier-redis): host:port of REDIS_URL",
  REDIS_PASSWORD: "KEDA's redis scaler (TriggerAuthentication notifier-redis): the password of REDIS_URL",
};
