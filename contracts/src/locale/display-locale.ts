// The locale PitClock writes dates and times in for a reader's locale (issue 21), one rule for the
// cook-app (dates and times on screen, in-app alerts) and the notifier (the due time of a push), so that
// a push reads as the in-app alert does. The product's words are English, so a locale of another
// language is written in English with its region's conventions.

/** Readers' locales come from clients: the cache is dropped as a whole past this many. */
const MAX_CACHED = 1_000;
const cache = new Map<string, string>();

/**
 * The locale itself when its language is English; else English as written in its region ('de-DE' ->
 * 'en-DE': 'Sat 09:55', '28 Nov 2026') when the platform knows that, else English with the locale's own
 * clock (24-hour 'en-150', or 12-hour 'en-US'). Throws for a tag Intl refuses.
 */
export function displayLocale(locale: string): string {
  const cached = cache.get(locale);
  if (cached) return cached;
  const tag = new Intl.Locale(locale);
  const max = tag.maximize();
  let found: string;
  if (max.language === 'en') found = tag.toString();
  else {
    const candidate = max.region ? `en-${max.region}` : null;
    if (candidate && new Intl.DateTimeFormat(candidate).resolvedOptions().locale === candidate)
      found = candidate;
    else {
      const cycle = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle;
      found = cycle === 'h11' || cycle === 'h12' ? 'en-US' : 'en-150';
    }
  }
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(locale, found);
  return found;
}
