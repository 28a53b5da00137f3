import { operationsServedBy } from '@pitclock/contracts/api-operations';
import { declaredRoutes, registeredRoutes } from '@pitclock/contracts/api-routes';
import { expect, it } from 'vitest';
import { useAuthService } from '../../test-support/harness';

const service = useAuthService();

it('registers exactly the routes the API document declares for auth (and kit), no more, no fewer', () => {
  expect(registeredRoutes(service.app())).toEqual(declaredRoutes(operationsServedBy('auth')));
});
