import { useMemo } from 'react';
import { resolveUnits, type DisplayUnits } from '../../domain/units';
import { selectAccountSettings, useCookSelector } from '../../store';
import { useLocale } from './locale';

/**
 * The units to show measurements in: the account's choice (Settings, synced to its devices), else the
 * device locale's default (en-US: Fahrenheit and mph). Inside the cook store's provider.
 */
export function useDisplayUnits(): DisplayUnits {
  const locale = useLocale();
  const settings = useCookSelector(selectAccountSettings);
  const temperature = settings?.temperature_unit;
  const wind = settings?.wind_unit;
  return useMemo(() => resolveUnits({ temperature, wind }, locale), [temperature, wind, locale]);
}
