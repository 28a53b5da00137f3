// How the reader wants measurements, dates and times shown (issue 21, part 5): the device's locale, the
// account's units, and the domain's formatting bound to them.
export { DisplayLocaleProvider, deviceLocale, FALLBACK_LOCALE, useLocale } from './locale';
export { useDisplayUnits } from './use-display-units';
export { deviceTimeZone, useDateFormat, type DateFormat } from './use-date-format';
