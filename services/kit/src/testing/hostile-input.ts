/** A string field of a request, by its path ('device_info.device_id'), holding a NUL character. */
export type NulVariant = { path: string; value: unknown };

/**
 * Copies of `value` (a valid request body or query) with a NUL character in the middle of one string at
 * a time, for every string at any depth: a test sends each and expects a 400 that stores nothing.
 */
export const withNulInEachString = (value: unknown): NulVariant[] => {
  const variants: NulVariant[] = [];
  const visit = (current: unknown, path: (string | number)[], replace: (next: unknown) => unknown) => {
    if (typeof current === 'string') {
      const middle = Math.floor(current.length / 2);
      variants.push({
        path: path.join('.'),
        value: replace(`${current.slice(0, middle)}\u0000${current.slice(middle)}`),
      });
    } else if (Array.isArray(current)) {
      current.forEach((item, index) =>
        visit(item, [...path, index], (next) => replace(current.map((old, i) => (i === index ? next : old)))),
      );
    } else if (typeof current === 'object' && current !== null) {
      for (const [key, item] of Object.entries(current)) {
        visit(item, [...path, key], (next) => replace({ ...current, [key]: next }));
      }
    }
  };
  visit(value, [], (next) => next);
  return variants;
};
