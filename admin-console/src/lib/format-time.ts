/**
 * An ISO instant as the device's local date and time ('Jun 1, 2026, 3:00 PM' in en-US), or `fallback`
 * when it is empty or unreadable. Admin tables show server times this way.
 */
export function formatLocalDateTime(iso: string | null | undefined, fallback = ''): string {
  if (!iso) return fallback;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return fallback;
  return at.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
