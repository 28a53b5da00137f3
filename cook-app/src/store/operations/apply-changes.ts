import type { ChangeSet } from '../actions';
import { STORE_NAMES, type CookData, type RecordOf, type StoreName } from '../types';

const keyOf = (store: StoreName, record: RecordOf[StoreName]) =>
  store === 'contest_environment'
    ? (record as RecordOf['contest_environment']).contest_id
    : (record as { id: string }).id;

/** A change set applied to record lists (what the slices do to entity states), pure. */
export function applyChanges(data: CookData, changes: ChangeSet): CookData {
  const out = { ...data };
  for (const store of STORE_NAMES) {
    const removed = new Set<string>(changes.remove?.[store] ?? []);
    const set = (changes.set?.[store] ?? []) as RecordOf[StoreName][];
    if (removed.size === 0 && set.length === 0) continue;
    const replacements = new Map(set.map((record) => [keyOf(store, record), record]));
    const list: RecordOf[StoreName][] = [];
    for (const record of data[store] as RecordOf[StoreName][]) {
      const key = keyOf(store, record);
      if (removed.has(key)) continue;
      const replacement = replacements.get(key);
      list.push(replacement ?? record);
      replacements.delete(key);
    }
    list.push(...replacements.values());
    Object.assign(out, { [store]: list });
  }
  return out;
}
