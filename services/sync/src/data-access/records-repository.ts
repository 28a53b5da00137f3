import type { Db, Tx } from '@pitclock/kit';
import type { Fields, Scope, SyncRecord, SyncStore } from '@pitclock/contracts/sync';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { syncClients, syncRecords, teamMembers } from './schema';

export type RecordAddress = Pick<SyncRecord, 'scope' | 'store' | 'id'>;
/** A record as stored: with the version of its scope that its last change took. */
export type StoredRecord = SyncRecord & { version: number };
export type SyncClient = { userId: number; lastMutationId: number };

/** The statements of one push, all in its transaction. */
export type PushTransaction = {
  /** The client's row, locked until commit; created for `userId` on first use. */
  lockClient: (clientId: string, userId: number) => Promise<SyncClient>;
  /**
   * Which of `teamIds` the user is a member of; their membership rows are share-locked until commit,
   * so that a member who is removed meanwhile is removed only after this push.
   */
  memberTeams: (userId: number, teamIds: readonly string[]) => Promise<Set<string>>;
  /** The stored records at these addresses, locked until commit (missing ones are left out). */
  lockRecords: (addresses: readonly RecordAddress[]) => Promise<SyncRecord[]>;
  /**
   * Takes `count` new versions of each scope, scope by scope in sorted order (each counter's row stays
   * locked until commit, which serializes the writers of a scope): the first new version of each.
   */
  takeVersions: (counts: ReadonlyMap<Scope, number>) => Promise<Map<Scope, number>>;
  /** Inserts or replaces these records, in one statement. */
  writeRecords: (records: readonly StoredRecord[]) => Promise<void>;
  setLastMutationId: (clientId: string, lastMutationId: number) => Promise<void>;
};

export type RecordsRepository = {
  inPushTransaction: <T>(run: (tx: PushTransaction) => Promise<T>) => Promise<T>;
  /**
   * The records changed past each start, scope by scope in the order given, each scope in version
   * order, at most `limit` in all.
   */
  changedSince: (starts: ReadonlyMap<Scope, number>, limit: number) => Promise<StoredRecord[]>;
  client: (clientId: string) => Promise<SyncClient | undefined>;
};

type RecordRow = {
  scope: string;
  store: string;
  id: string;
  fields: Fields;
  clocks: Record<string, string>;
  deleted: string | null;
  version?: string | number;
};

const toRecord = (row: RecordRow): SyncRecord => ({
  scope: row.scope as Scope,
  store: row.store as SyncStore,
  id: row.id,
  fields: row.fields,
  clocks: row.clocks,
  deleted: row.deleted,
});

const pushTransaction = (tx: Tx): PushTransaction => ({
  lockClient: async (clientId, userId) => {
    await tx.insert(syncClients).values({ clientId, userId }).onConflictDoNothing();
    const [row] = await tx
      .select({ userId: syncClients.userId, lastMutationId: syncClients.lastMutationId })
      .from(syncClients)
      .where(eq(syncClients.clientId, clientId))
      .for('update');
    return row!;
  },
  memberTeams: async (userId, teamIds) => {
    if (teamIds.length === 0) return new Set();
    const rows = await tx
      .select({ teamId: teamMembers.teamId })
      .from(teamMembers)
      .where(and(eq(teamMembers.userId, userId), inArray(teamMembers.teamId, [...teamIds])))
      .for('share');
    return new Set(rows.map((row) => row.teamId));
  },
  lockRecords: async (addresses) => {
    if (addresses.length === 0) return [];
    const keys = JSON.stringify(addresses.map(({ scope, store, id }) => ({ scope, store, id })));
    const result = await tx.execute<RecordRow>(sql`
      select r.scope, r.store, r.id, r.fields, r.clocks, r.deleted
        from sync_records r
        join jsonb_to_recordset(${keys}::jsonb) as k(scope text, store text, id text)
          on r.scope = k.scope and r.store = k.store and r.id = k.id
        for update of r`);
    return result.rows.map(toRecord);
  },
  takeVersions: async (counts) => {
    const firsts = new Map<Scope, number>();
    for (const scope of [...counts.keys()].sort()) {
      const count = counts.get(scope)!;
      const result = await tx.execute<{ version: string }>(sql`
        insert into sync_scopes (scope, version) values (${scope}, ${count})
          on conflict (scope) do update set version = sync_scopes.version + excluded.version
          returning version`);
      firsts.set(scope, Number(result.rows[0]!.version) - count + 1);
    }
    return firsts;
  },
  writeRecords: async (records) => {
    if (records.length === 0) return;
    await tx
      .insert(syncRecords)
      .values(
        records.map(({ scope, store, id, fields, clocks, deleted, version }) => ({
          scope,
          store,
          id,
          fields,
          clocks,
          deleted,
          version,
        })),
      )
      .onConflictDoUpdate({
        target: [syncRecords.scope, syncRecords.store, syncRecords.id],
        set: {
          fields: sql`excluded.fields`,
          clocks: sql`excluded.clocks`,
          deleted: sql`excluded.deleted`,
          version: sql`excluded.version`,
          updatedAt: sql`now()`,
        },
      });
  },
  setLastMutationId: async (clientId, lastMutationId) => {
    await tx
      .update(syncClients)
      .set({ lastMutationId, updatedAt: sql`now()` })
      .where(eq(syncClients.clientId, clientId));
  },
});

export const createRecordsRepository = (db: Db): RecordsRepository => ({
  inPushTransaction: (run) => db.transaction((tx) => run(pushTransaction(tx))),
  changedSince: async (starts, limit) => {
    if (starts.size === 0 || limit <= 0) return [];
    const list = JSON.stringify([...starts].map(([scope, after], ord) => ({ ord, scope, after })));
    // One index range per scope (scope, version), each cut at the limit, then the pages in scope order.
    const result = await db.execute<RecordRow>(sql`
      select r.scope, r.store, r.id, r.fields, r.clocks, r.deleted, r.version
        from jsonb_to_recordset(${list}::jsonb) as c(ord int, scope text, after bigint)
        cross join lateral (
          select s.scope, s.store, s.id, s.fields, s.clocks, s.deleted, s.version
            from sync_records s
            where s.scope = c.scope and s.version > c.after
            order by s.version
            limit ${limit}
        ) r
        order by c.ord, r.version
        limit ${limit}`);
    return result.rows.map((row) => ({ ...toRecord(row), version: Number(row.version) }));
  },
  client: async (clientId) => {
    const [row] = await db
      .select({ userId: syncClients.userId, lastMutationId: syncClients.lastMutationId })
      .from(syncClients)
      .where(eq(syncClients.clientId, clientId));
    return row;
  },
});
