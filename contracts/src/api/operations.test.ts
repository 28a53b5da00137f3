import { describe, expect, it } from 'vitest';
import { OPERATIONS, operationsServedBy } from './operations';
import { API_PATHS, ownerOf } from './paths';

const paramNames = (path: string) => [...path.matchAll(/:(\w+)/g)].map((match) => match[1]).sort();

describe('the operation registry', () => {
  it('has one operation per method and path, each with its own operationId', () => {
    const routes = OPERATIONS.map((op) => `${op.method} ${op.path}`);
    expect(new Set(routes).size).toBe(routes.length);
    const ids = OPERATIONS.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('uses every declared path, each owned as paths.ts says', () => {
    expect(new Set(OPERATIONS.map((op) => op.path))).toEqual(new Set(Object.values(API_PATHS)));
    for (const op of OPERATIONS) expect(op.service, op.operationId).toBe(ownerOf(op.path));
  });

  it("declares a schema for exactly the path's parameters", () => {
    for (const op of OPERATIONS) {
      expect(Object.keys(op.request.params?.shape ?? {}).sort(), op.operationId).toEqual(paramNames(op.path));
    }
  });

  it('answers 401 wherever a token is needed, 403 wherever an admin is, 400 wherever input is parsed', () => {
    for (const op of OPERATIONS) {
      if (op.auth !== 'none') expect(op.errors, op.operationId).toContain(401);
      if (op.auth === 'admin') expect(op.errors, op.operationId).toContain(403);
      const { params, query, body } = op.request;
      if (params || query || body) expect(op.errors, op.operationId).toContain(400);
    }
  });

  it("answers 400, 413 and 415 on every service route (kit's body parser and NUL check), not on the probes", () => {
    for (const op of OPERATIONS) {
      const parsed = op.service !== 'kit' && op.service !== 'gateway';
      expect(
        op.errors.filter((status) => [400, 413, 415].includes(status)),
        op.operationId,
      ).toEqual(parsed ? [400, 413, 415] : []);
    }
  });

  it('has every operation answer something other than an error', () => {
    for (const op of OPERATIONS) {
      const statuses = Object.keys(op.answers).map(Number);
      expect(
        statuses.some((status) => status >= 200 && status < 300),
        op.operationId,
      ).toBe(true);
    }
  });

  it("lists a service's own operations and kit's for its route check", () => {
    const auth = operationsServedBy('auth');
    expect(new Set(auth.map((op) => op.service))).toEqual(new Set(['auth', 'kit']));
    expect(auth.some((op) => op.path === API_PATHS.metrics)).toBe(true);
  });
});
