// The OpenAPI 3.1 document of the whole API, generated from the operation registry and the contracts'
// zod schemas with @asteasolutions/zod-to-openapi. Server-side only (the gateway serves it): never import
// this from browser code, it pulls the generator in.
//
// Inputs are documented as the server accepts them: the generator takes a transform's input side (a path
// id is the string '7' before it becomes the number 7) and a preprocess's schema (what is validated after
// the preprocess step, which only widens what is accepted, e.g. '' for a left-out query value).
import { OpenAPIRegistry, OpenApiGeneratorV31, extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { ErrorBody } from '../schemas';
import { classicView } from './classic-view';
import { OPERATIONS, type ErrorStatus, type Operation, type OperationAnswer } from './operations';
import { toOpenApiPath } from './paths';

type RouteConfig = Parameters<OpenAPIRegistry['registerPath']>[0];
export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

/** The bearer scheme's name in components.securitySchemes. */
export const BEARER_SCHEME = 'bearerAuth';
/** The operation extension that says who may call it: 'none', 'user' or 'admin'. */
export const AUTH_EXTENSION = 'x-pitclock-auth';

const retryAfter = {
  'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' as const } },
};

const errorAnswers: Record<ErrorStatus, { description: string; headers?: typeof retryAfter }> = {
  400: {
    description:
      'Bad input, nothing stored: a body, query or path parameter broke its rules (validation_failed, ' +
      'details.issues name each field), the body is not JSON (invalid_json), the request holds a NUL ' +
      'character (invalid_characters), or the input was refused for what it is.',
  },
  401: {
    description:
      'No valid bearer token (unauthorized; token_revoked when its user was deleted or demoted), or ' +
      'credentials or a token in the body that are not valid.',
  },
  403: { description: 'Signed in but not allowed (forbidden: admin only, own account, revoked device).' },
  404: { description: 'No such record (not_found, or the refusal reason).' },
  408: { description: 'The request was not received in time (request_timeout); the connection is closed.' },
  409: { description: 'Conflicts with what is stored (the code names the conflict).' },
  413: { description: 'The body is too large (payload_too_large).' },
  415: { description: 'The body encoding or charset is not supported (unsupported_media_type).' },
  429: { description: 'Too many attempts (too_many_requests).', headers: retryAfter },
  431: { description: 'The request line or headers are too large (headers_too_large).' },
  503: {
    description: 'A dependency is down or busy (service_unavailable); nothing was stored, try again.',
    headers: retryAfter,
  },
};

/** zod/mini schemas (the browser's answers) are given to the generator as classic ones (./classic-view.ts). */
const content = (schema: z.core.$ZodType, contentType = 'application/json') => ({
  [contentType]: { schema: classicView(schema) },
});

const answer = ({ description, schema, contentType }: OperationAnswer) =>
  schema ? { description, content: content(schema, contentType) } : { description };

const routeOf = (op: Operation, errorBody: z.ZodType): RouteConfig => {
  const { params, query, body, bodyOptional } = op.request;
  const responses: RouteConfig['responses'] = {};
  for (const [status, value] of Object.entries(op.answers)) responses[status] = answer(value);
  for (const status of op.errors) {
    responses[status] ??= { ...errorAnswers[status], content: content(errorBody) };
  }
  return {
    method: op.method,
    path: toOpenApiPath(op.path),
    operationId: op.operationId,
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    tags: [...op.tags],
    ...(op.auth === 'none' ? {} : { security: [{ [BEARER_SCHEME]: [] }] }),
    [AUTH_EXTENSION]: op.auth,
    request: {
      ...(params ? { params: classicView(params) } : {}),
      ...(query ? { query: classicView(query) } : {}),
      ...(body ? { body: { required: !bodyOptional, content: content(body) } } : {}),
    },
    responses,
  };
};

/**
 * A default is the value a left-out input gets after parsing, so a string input that becomes a number
 * (a query's limit) carries a number default; documented as the input it stands for, it is a string.
 */
const defaultsAsInput = (node: unknown): void => {
  if (Array.isArray(node)) {
    node.forEach(defaultsAsInput);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Record<string, unknown>;
  if (schema.type === 'string' && 'default' in schema && typeof schema.default !== 'string') {
    schema.default = String(schema.default);
  }
  Object.values(schema).forEach(defaultsAsInput);
};

/** The document of every operation the gateway's origin answers (internal ones left out). */
export const buildOpenApiDocument = ({ version }: { version: string }): OpenApiDocument => {
  // Idempotent. Gives .openapi(), which naming a component needs, to schemas made from now on (so the
  // ErrorBody component is a clone: the schemas of contracts were made at import).
  extendZodWithOpenApi(z);
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', BEARER_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The access token of POST /api/login or /api/auth/refresh.',
  });
  const errorBody = registry.register('ErrorBody', ErrorBody.clone());
  for (const op of OPERATIONS) if (!op.internal) registry.registerPath(routeOf(op, errorBody));
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'PitClock API',
      version,
      description:
        'Every route of the auth, licensing and notifier services and of the gateway, at one origin. ' +
        'Every error answers `{ error, message, details? }`, where `error` is a stable machine code. ' +
        `\`${AUTH_EXTENSION}\` on each operation says who may call it: none, user or admin.`,
    },
  });
  defaultsAsInput(document.paths);
  return document;
};
