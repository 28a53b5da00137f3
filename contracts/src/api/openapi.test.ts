import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { AUTH_EXTENSION, BEARER_SCHEME, buildOpenApiDocument } from './openapi';
import { OPERATIONS } from './operations';
import { API_PATHS, toOpenApiPath } from './paths';

const document = buildOpenApiDocument({ version: '1.2.3' });

type OperationObject = {
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema: Record<string, unknown> }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
  [extension: string]: unknown;
};

const operationAt = (method: string, path: string) =>
  (document.paths?.[toOpenApiPath(path)] as Record<string, OperationObject> | undefined)?.[method];

const parameter = (method: string, path: string, name: string) =>
  operationAt(method, path)?.parameters?.find((p) => p.name === name);

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('documents every operation of the registry but the internal ones, with who may call it', () => {
    const documented = OPERATIONS.filter((op) => !op.internal);
    expect(documented.length).toBeGreaterThanOrEqual(40);
    for (const op of documented) {
      const doc = operationAt(op.method, op.path);
      expect(doc, `${op.method} ${op.path}`).toBeDefined();
      expect(doc![AUTH_EXTENSION]).toBe(op.auth);
      expect(doc!.security).toEqual(op.auth === 'none' ? undefined : [{ [BEARER_SCHEME]: [] }]);
    }
    expect(operationAt('get', API_PATHS.metrics)).toBeUndefined();
    expect(document.components?.securitySchemes?.[BEARER_SCHEME]).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
  });

  it('answers every error status of an operation with the error shape', () => {
    const errorBody = { $ref: '#/components/schemas/ErrorBody' };
    for (const op of OPERATIONS.filter((o) => !o.internal)) {
      const { responses } = operationAt(op.method, op.path)!;
      for (const status of op.errors) {
        expect(
          responses[status]?.content?.['application/json']?.schema,
          `${op.operationId} ${status}`,
        ).toEqual(errorBody);
      }
    }
    expect(document.components?.schemas?.ErrorBody).toMatchObject({ required: ['error', 'message'] });
    expect(operationAt('post', API_PATHS.login)?.responses['429']).toBeDefined();
  });

  it('describes inputs as the server reads them, before its transforms', () => {
    // A path id is a string of digits (the router turns it into a number afterwards).
    expect(parameter('patch', API_PATHS.user, 'id')).toMatchObject({
      in: 'path',
      required: true,
      schema: { type: 'string', pattern: '^[1-9]\\d{0,9}$' },
    });
    // A query's default stands for the text that may be left out.
    expect(parameter('get', API_PATHS.signupEvents, 'limit')?.schema).toMatchObject({
      type: 'string',
      default: '100',
    });
    expect(parameter('get', API_PATHS.signupEvents, 'limit')?.required).toBe(false);
    expect(parameter('get', API_PATHS.credits, 'user_id')?.required).toBe(true);
    // An optional body.
    expect(operationAt('post', API_PATHS.activationCodes)?.requestBody?.required).toBe(false);
    expect(operationAt('post', API_PATHS.register)?.requestBody?.required).toBe(true);
  });

  it('describes answers as the server sends them', () => {
    const login = operationAt('post', API_PATHS.login)?.responses['200']?.content?.['application/json'];
    expect(login?.schema).toMatchObject({
      type: 'object',
      required: ['token', 'refresh_token', 'device_id'],
    });
    const subscribe = operationAt('post', API_PATHS.pushSubscribe)?.responses;
    expect(Object.keys(subscribe ?? {})).toEqual(expect.arrayContaining(['200', '201']));
    expect(operationAt('delete', API_PATHS.user)?.responses['204']?.content).toBeUndefined();
    expect(
      operationAt('get', API_PATHS.readyz)?.responses['503']?.content?.['application/json']?.schema,
    ).toMatchObject({
      required: ['status', 'checks'],
    });
  });

  it('is the same document each time it is built', () => {
    expect(buildOpenApiDocument({ version: '1.2.3' })).toEqual(document);
    expect(document.info.version).toBe('1.2.3');
  });
});
