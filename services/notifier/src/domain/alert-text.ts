import type { PushStage } from '@pitclock/contracts/push';
import { displayLocale } from '@pitclock/contracts/display-locale';

export const PRODUCT_NAME = 'PitClock';

const STAGE_TEXT: Record<PushStage, string> = { 'due-now': 'Due now', overdue: 'Overdue' };

/** 'PitClock - {step}': the title of the app's own step alerts (SPEC.md section 9). */
export const alertTitle = (stepName: string): string => `${PRODUCT_NAME} - ${stepName}`;

const formats = new Map<string, Intl.DateTimeFormat>();
const hhmmFormat = (timeZone: string): Intl.DateTimeFormat => {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  return format;
};

/** HH:MM (24 h) of an instant on the wall clock of an IANA time zone. */
export const hhmmInZone = (at: Date, timeZone: string): string => hhmmFormat(timeZone).format(at);

/** Formatters by locale and zone, dropped as a whole past this many (locales come from clients). */
const MAX_LOCALE_FORMATS = 1_000;
const localeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The locale's short time of an instant in a zone ('1:55 PM' en-US, '13:55' en-GB), with the narrow
 * no-break spaces ICU puts before AM/PM made plain spaces, as the cook-app writes them. Without a locale,
 * or with one Intl cannot format, 24-hour HH:MM: a client's locale never fails an alert.
 */
export const timeInZone = (at: Date, timeZone: string, locale?: string | null): string => {
  if (!locale) return hhmmInZone(at, timeZone);
  const key = `${locale}|${timeZone}`;
  try {
    let format = localeFormats.get(key);
    if (!format) {
      format = new Intl.DateTimeFormat(displayLocale(locale), { timeStyle: 'short', timeZone });
      if (localeFormats.size >= MAX_LOCALE_FORMATS) localeFormats.clear();
      localeFormats.set(key, format);
    }
    return format.format(at).replace(/[\u202f\u00a0]/g, ' ');
  } catch {
    return hhmmInZone(at, timeZone);
  }
};

export type AlertBodyInput = {
  stage: PushStage;
  templateName?: string | null;
  dueAt: Date;
  /** The schedule's time zone; UTC when it has none. */
  timeZone?: string | null;
  /** The schedule's locale (BCP 47); 24-hour HH:MM when it has none. */
  locale?: string | null;
};

/**
 * '{Due now|Overdue} · {template name} · due {time}', the template part left out when it is empty: the
 * same text as the in-app alert (cook-app/src/features/alerts/alert-engine.ts alertBody), the time in the
 * schedule's locale ('due 1:55 PM' en-US, 'due 13:55' en-GB; 'due HH:MM' without one).
 */
export const alertBody = ({ stage, templateName, dueAt, timeZone, locale }: AlertBodyInput): string =>
  [STAGE_TEXT[stage], templateName?.trim(), `due ${timeInZone(dueAt, timeZone || 'UTC', locale)}`]
    .filter(Boolean)
    .join(' · ');
