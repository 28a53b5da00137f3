// What PostgreSQL stores, as limits the schemas check before a value reaches it (zod-free: the browser's
// texts may import it). A value past them used to answer 500 ("integer out of range", "date/time field
// value out of range") instead of 400.

/** The largest PostgreSQL integer (int4): ids, counts and balances stored as integer. */
export const PG_INTEGER_MAX = 2_147_483_647;

/**
 * Instants are stored as timestamptz, written from JavaScript's toISOString. Both agree on years 0001 to
 * 9999 (UTC); an ISO text with an offset can name an instant outside them ('0000-01-01T00:00:00Z', or
 * '9999-12-31T23:59:59-23:59', which toISOString writes '+010000-...'), and PostgreSQL refuses those.
 */
export const STORED_INSTANT_RANGE = {
  minMs: Date.parse('0001-01-01T00:00:00.000Z'),
  maxMs: Date.parse('9999-12-31T23:59:59.999Z'),
} as const;

/** True unless the text names an instant outside STORED_INSTANT_RANGE (text that is no date is left to the format check). */
export const isStorableInstant = (text: string): boolean => {
  const ms = Date.parse(text);
  return Number.isNaN(ms) || (ms >= STORED_INSTANT_RANGE.minMs && ms <= STORED_INSTANT_RANGE.maxMs);
};
