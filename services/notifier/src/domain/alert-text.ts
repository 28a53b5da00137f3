import type { PushStage } from '@pitclock/contracts/push';

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

export type AlertBodyInput = {
  stage: PushStage;
  templateName?: string | null;
  dueAt: Date;
  /** The schedule's time zone; UTC when it has none. */
  timeZone?: string | null;
};

/**
 * '{Due now|Overdue} · {template name} · due HH:MM', the template part left out when it is empty: the same
 * text as the in-app alert (cook-app/src/features/alerts/alert-engine.ts alertBody).
 */
export const alertBody = ({ stage, templateName, dueAt, timeZone }: AlertBodyInput): string =>
  [STAGE_TEXT[stage], templateName?.trim(), `due ${hhmmInZone(dueAt, timeZone || 'UTC')}`]
    .filter(Boolean)
    .join(' · ');
