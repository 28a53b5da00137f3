import type { NamedSchemaError, SchemaFailureInfo } from '@reduxjs/toolkit/query';
import type { AdminError } from '../store';

/** What a screen shows when the server answered 2xx with a body that does not match the contract. */
export const INVALID_RESPONSE_TEXT = 'Invalid response from server';

/**
 * `catchSchemaFailure` of the admin endpoints that check answers with the contracts' zod schemas
 * (`responseSchema`): a mismatch becomes an ordinary AdminError (so the screen shows it like any failed
 * call and tags still work) instead of a thrown, unhandled error. The issues go to the console for
 * whoever debugs the server.
 */
export function invalidResponse(error: NamedSchemaError, info: SchemaFailureInfo): AdminError {
  console.error(`${INVALID_RESPONSE_TEXT} (${error.schemaName} of ${info.endpoint})`, error.issues);
  return { status: 0, code: 'invalid_response', message: INVALID_RESPONSE_TEXT };
}
