import { operationsServedBy } from '@pitclock/contracts/api-operations';
import { declaredRoutes, registeredRoutes } from '@pitclock/contracts/api-routes';
import { expect, it } from 'vitest';
import { useLicensingService } from '../../test-support/harness';

const service = useLicensingService();

it('registers exactly the routes the API document declares for licensing (and kit), no more, no fewer', () => {
  expect(registeredRoutes(service.app())).toEqual(declaredRoutes(operationsServedBy('licensing')));
});
