/** What a list counts, in the singular and the plural: { one: 'user', other: 'users' }. */
export type CountNoun = { one: string; other: string };

/**
 * How many rows a list holds, as its count line says it: '1 user', '1,234 users', and '10,000+ users'
 * when the server stopped counting (total_exact false: the total is PAGE_LIMITS.totalCap).
 */
export function countText(total: number, exact: boolean, noun: CountNoun): string {
  const number = total.toLocaleString('en-US');
  if (!exact) return `${number}+ ${noun.other}`;
  return `${number} ${total === 1 ? noun.one : noun.other}`;
}
