import type { Validated } from '../../domain/validation';
import { STORE_MESSAGES } from '../messages';
import { fail } from '../thunk';
import type { Stamped } from '../types';

/** The value of a domain validation, or a rejection with its SPEC text (naming the input `field`). */
export function valid<T>(result: Validated<T>, field?: string): T {
  if (!result.ok) fail(result.error, field);
  return result.value;
}

/** The record, or a rejection with 'Item not found' (or the given text). */
export function found<T>(record: T | undefined, message: string = STORE_MESSAGES.itemNotFound): T {
  if (record === undefined) fail(message);
  return record;
}

/** Stamps of a record added now on this device. */
export function stampNew(now: string): Stamped {
  return { created_at: now, updated_at: now, is_local: true };
}

/** Optional text of a form: trimmed, null when blank; `undefined` stays undefined (field not sent). */
export function optionalText(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  const text = typeof value === 'string' ? value.trim() : '';
  return text === '' ? null : text;
}
