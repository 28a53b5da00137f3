import type { Db } from '@pitclock/kit';

/** The handle a repository's transaction hands its statements (db.transaction's callback argument). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
