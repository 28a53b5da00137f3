import { operationsServedBy } from '@pitclock/contracts/api-operations';
import { declaredRoutes, registeredRoutes } from '@pitclock/contracts/api-routes';
import { expect, it } from 'vitest';
import { useSyncService } from '../../test-support/harness';

const service = useSyncService();

it('registers exactly the routes the API document declares for sync (and kit), no more, no fewer', () => {
  expect(registeredRoutes(service.app())).toEqual(declaredRoutes(operationsServedBy('sync')));
});
