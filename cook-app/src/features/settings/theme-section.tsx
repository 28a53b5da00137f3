import { useId } from 'react';
import { useColorScheme, type ThemeChoice } from '@pitclock/design-system';
import { SETTINGS_TEXT as T } from './messages';

const CHOICES: readonly ThemeChoice[] = ['light', 'dark', 'system'];

/**
 * Dark mode (SPEC.md section 2 "Settings"): Light, Dark or System, stored on the device (localStorage
 * 'darkMode', SPEC.md section 3) and applied to <html data-theme> by the design system's theme.
 */
export function ThemeSection() {
  const { choice, scheme, setChoice } = useColorScheme();
  const name = useId();
  return (
    <fieldset className="pc-settings__theme">
      <legend className="pc-visually-hidden">{T.themeLegend}</legend>
      <div className="pc-settings__segments">
        {CHOICES.map((value) => (
          <label key={value} className="pc-settings__segment">
            <input
              type="radio"
              name={name}
              value={value}
              checked={choice === value}
              onChange={() => setChoice(value)}
            />
            <span>{T.themes[value]}</span>
          </label>
        ))}
      </div>
      {choice === 'system' ? (
        <p className="pc-settings__hint">{T.themeSystemHint(T.themes[scheme].toLowerCase())}</p>
      ) : null}
    </fieldset>
  );
}
