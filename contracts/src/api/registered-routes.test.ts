import express, { Router } from 'express';
import { describe, expect, it } from 'vitest';
import { declaredRoutes, registeredRoutes } from './registered-routes';
import { OPERATIONS } from './operations';

describe('registeredRoutes', () => {
  it('lists the routes of the app and of every router mounted in it, with their mount paths', () => {
    const app = express();
    app.get('/healthz', (_req, res) => res.end());
    const inner = Router();
    inner.use('/api', (_req, _res, next) => next());
    inner.post('/api/users/:id/toggle-admin', (_req, res) => res.end());
    inner
      .route('/api/users/:id')
      .get((_req, res) => res.end())
      .patch((_req, res) => res.end());
    const outer = Router();
    outer.use(inner);
    app.use(outer);
    const mounted = Router();
    mounted.delete('/schedule', (_req, res) => res.end());
    app.use('/api/push', mounted);
    app.use((_req, res) => res.status(404).end());
    expect(registeredRoutes(app)).toEqual([
      'DELETE /api/push/schedule',
      'GET /api/users/:id',
      'GET /healthz',
      'PATCH /api/users/:id',
      'POST /api/users/:id/toggle-admin',
    ]);
  });

  it("writes the registry's operations the same way", () => {
    const login = OPERATIONS.filter((op) => op.operationId === 'login');
    expect(declaredRoutes(login)).toEqual(['POST /api/login']);
  });
});
