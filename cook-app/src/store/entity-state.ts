/** Whether a stored slice is a sound entity state: an ids list whose every id has an object in entities. */
export function isEntityState(value: unknown): value is { ids: string[]; entities: Record<string, object> } {
  if (typeof value !== 'object' || value === null) return false;
  const { ids, entities } = value as { ids?: unknown; entities?: unknown };
  if (!Array.isArray(ids) || typeof entities !== 'object' || entities === null) return false;
  const records = entities as Record<string, unknown>;
  return ids.every((id) => typeof id === 'string' && typeof records[id] === 'object' && records[id] !== null);
}
