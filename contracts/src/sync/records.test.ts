import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatHlc } from './hlc';
import {
  applyMutation,
  emptyRecord,
  isLive,
  mergeRecords,
  storeAllowedInScope,
  teamScope,
  userScope,
  type Mutation,
  type SyncRecord,
} from './records';

const address = { scope: 'u:1', store: 'run_steps', id: 'step-1' } as const;
const stamp = fc
  .record({
    wall: fc.integer({ min: 0, max: 5 }),
    counter: fc.integer({ min: 0, max: 3 }),
    node: fc.constantFrom('a', 'b', 'c'),
  })
  .map(formatHlc);
const mutation: fc.Arbitrary<Mutation> = fc.record({
  ...Object.fromEntries(Object.entries(address).map(([k, v]) => [k, fc.constant(v)])),
  hlc: stamp,
  set: fc.dictionary(
    fc.constantFrom('name', 'status', 'note'),
    fc.oneof(fc.string({ maxLength: 2 }), fc.integer()),
    {
      maxKeys: 3,
    },
  ),
  delete: fc.boolean(),
}) as fc.Arbitrary<Mutation>;
const fold = (mutations: Mutation[]) =>
  mutations.reduce<SyncRecord>((record, m) => applyMutation(record, m), emptyRecord(address));

describe('synced records', () => {
  it('applying the same mutations in any order, any of them twice, gives the same record', () => {
    fc.assert(
      fc.property(fc.array(mutation, { maxLength: 12 }), fc.func(fc.integer()), (mutations, rank) => {
        const shuffled = [...mutations, ...mutations.slice(0, 3)].sort((a, b) => rank(a) - rank(b));
        expect(fold(shuffled)).toEqual(fold(mutations));
      }),
    );
  });

  it('merging is commutative, associative and idempotent', () => {
    const record = fc.array(mutation, { maxLength: 6 }).map(fold);
    fc.assert(
      fc.property(record, record, record, (a, b, c) => {
        expect(mergeRecords(a, b)).toEqual(mergeRecords(b, a));
        expect(mergeRecords(mergeRecords(a, b), c)).toEqual(mergeRecords(a, mergeRecords(b, c)));
        expect(mergeRecords(a, a)).toEqual(a);
      }),
    );
  });

  it('a step completed on one phone and a note written on another keep both', () => {
    const completed = applyMutation(undefined, {
      ...address,
      hlc: formatHlc({ wall: 10, counter: 0, node: 'a' }),
      set: { status: 'completed' },
    });
    const noted = applyMutation(undefined, {
      ...address,
      hlc: formatHlc({ wall: 9, counter: 0, node: 'b' }),
      set: { note: 'wrap now' },
    });
    expect(mergeRecords(completed, noted).fields).toEqual({ status: 'completed', note: 'wrap now' });
  });

  it('the later stamp wins a field both phones changed', () => {
    const early = { ...address, hlc: formatHlc({ wall: 1, counter: 0, node: 'b' }), set: { name: 'early' } };
    const late = { ...address, hlc: formatHlc({ wall: 2, counter: 0, node: 'a' }), set: { name: 'late' } };
    expect(fold([late, early]).fields.name).toBe('late');
  });

  it('a delete wins over the writes before it; a write after it brings the record back whole', () => {
    const write = (wall: number, set: Record<string, string>) => ({
      ...address,
      hlc: formatHlc({ wall, counter: 0, node: 'a' }),
      set,
    });
    const removal = { ...address, hlc: formatHlc({ wall: 5, counter: 0, node: 'b' }), delete: true };
    expect(
      isLive(fold([write(1, { name: 'Wrap', note: 'foil' }), removal, write(4, { note: 'paper' })])),
    ).toBe(false);
    const back = fold([write(1, { name: 'Wrap', note: 'foil' }), removal, write(6, { note: 'paper' })]);
    expect(isLive(back)).toBe(true);
    expect(back.fields).toEqual({ name: 'Wrap', note: 'paper' });
  });

  it('field names that could reach an object prototype are ignored', () => {
    const set = JSON.parse('{"__proto__": {"polluted": true}, "constructor": 1, "name": "ok"}') as Record<
      string,
      string
    >;
    const record = applyMutation(undefined, {
      ...address,
      hlc: formatHlc({ wall: 1, counter: 0, node: 'a' }),
      set,
    });
    expect(Object.keys(record.fields)).toEqual(['name']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('which stores a scope may hold', () => {
  it('the account’s settings live only in its own scope; the other stores in a team’s too', () => {
    expect(storeAllowedInScope('settings', userScope('7'))).toBe(true);
    expect(storeAllowedInScope('settings', teamScope('0b4c2f4e-1d1a-4c1e-9a51-3f1c2b6d7e8f'))).toBe(false);
    expect(storeAllowedInScope('contests', teamScope('0b4c2f4e-1d1a-4c1e-9a51-3f1c2b6d7e8f'))).toBe(true);
    expect(storeAllowedInScope('templates', userScope('7'))).toBe(true);
  });
});
