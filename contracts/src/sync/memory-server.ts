// The sync protocol's server over memory: contracts' rules (mutationsToApply, applyMutation, pull
// cookies per scope) with a Map where the sync service has PostgreSQL. The convergence property test
// drives it directly; test-support/sync-test-server.ts serves it over HTTP for front-end tests.
import { applyMutation, recordKey, type Mutation, type Scope, type SyncRecord } from './records';
import type { Cookie, PullAnswer, PushRequestBody } from './replica';
import { mutationsToApply, pullStarts } from './server-rules';

export function createMemorySyncServer(options: { scopes: Scope[]; pageSize?: number }) {
  const pageSize = options.pageSize ?? 2_000;
  let version = 0;
  const rows = new Map<string, { record: SyncRecord; version: number }>();
  const lastMid = new Map<string, number>();
  const applied: Mutation[] = [];
  return {
    applied,
    rows,
    records: () => [...rows.values()].map(({ record }) => record),
    push(body: PushRequestBody) {
      const { apply, lastMutationId } = mutationsToApply(lastMid.get(body.clientId) ?? 0, body.mutations);
      const touched = new Set<Scope>();
      for (const mutation of apply) {
        const key = recordKey(mutation);
        version += 1;
        rows.set(key, { record: applyMutation(rows.get(key)?.record, mutation), version });
        applied.push(mutation);
        touched.add(mutation.scope);
      }
      lastMid.set(body.clientId, lastMutationId);
      return { lastMutationId, touched: [...touched] };
    },
    pull(clientId: string, cookie: Cookie): PullAnswer {
      const starts = pullStarts(options.scopes, cookie);
      const changed = [...rows.values()]
        .filter(({ record, version: v }) => starts.has(record.scope) && v > starts.get(record.scope)!)
        .sort((a, b) => a.version - b.version);
      const page = changed.slice(0, pageSize);
      const next: Cookie = Object.fromEntries(starts);
      for (const { record, version: v } of page) next[record.scope] = v;
      return {
        scopes: options.scopes,
        cookie: next,
        records: page.map(({ record }) => record),
        lastMutationId: lastMid.get(clientId) ?? 0,
        more: changed.length > page.length,
      };
    },
  };
}
export type MemorySyncServer = ReturnType<typeof createMemorySyncServer>;
