import { useId, useState } from 'react';
import { Banner } from '@pitclock/design-system';
import {
  TEMPERATURE_UNITS,
  unitsForLocale,
  WIND_UNITS,
  type TemperatureUnit,
  type WindUnit,
} from '../../domain/units';
import { useDisplayUnits, useLocale } from '../../lib/display-prefs';
import { setDisplayUnits, useCookDispatch, type DisplayUnitsInput, type OperationError } from '../../store';
import { SETTINGS_TEXT as T } from './messages';

type ChoiceProps<U extends string> = {
  legend: string;
  choices: readonly U[];
  labels: Readonly<Record<U, string>>;
  value: U;
  onChange: (value: U) => void;
};

/** One unit as a segmented radio group (arrow keys move the choice, as in any radio group). */
function UnitChoice<U extends string>({ legend, choices, labels, value, onChange }: ChoiceProps<U>) {
  const name = useId();
  return (
    <fieldset className="pc-settings__choice">
      <legend className="pc-settings__legend">{legend}</legend>
      <div className="pc-settings__segments">
        {choices.map((choice) => (
          <label key={choice} className="pc-settings__segment">
            <input
              type="radio"
              name={name}
              value={choice}
              checked={value === choice}
              onChange={() => onChange(choice)}
            />
            <span>{labels[choice]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Units (issue 21): temperature in Fahrenheit or Celsius and wind in mph or km/h. Until the cook
 * chooses, they follow the device's language (en-US: Fahrenheit and mph); the choice is kept with the
 * account (its settings record, synced to its other devices).
 */
export function UnitsSection() {
  const units = useDisplayUnits();
  const locale = useLocale();
  const dispatch = useCookDispatch();
  const [error, setError] = useState<string | null>(null);
  const defaults = unitsForLocale(locale);

  const choose = (input: DisplayUnitsInput) => {
    setError(null);
    dispatch(setDisplayUnits(input))
      .unwrap()
      .catch((failure: OperationError) => setError(failure.message));
  };

  return (
    <div className="pc-settings__units">
      <UnitChoice<TemperatureUnit>
        legend={T.temperature}
        choices={TEMPERATURE_UNITS}
        labels={T.temperatureUnits}
        value={units.temperature}
        onChange={(temperature_unit) => choose({ temperature_unit })}
      />
      <UnitChoice<WindUnit>
        legend={T.windSpeed}
        choices={WIND_UNITS}
        labels={T.windUnits}
        value={units.wind}
        onChange={(wind_unit) => choose({ wind_unit })}
      />
      <p className="pc-settings__hint">
        {T.unitsHint(locale, T.temperatureUnits[defaults.temperature], T.windUnits[defaults.wind])}
      </p>
      {error ? <Banner tone="red">{error}</Banner> : null}
    </div>
  );
}
