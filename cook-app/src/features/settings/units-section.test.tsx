import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { DisplayLocaleProvider } from '../../lib/display-prefs';
import { selectAccountSettings } from '../../store';
import { memoryStorage, readyStore } from '../../store/test-helpers';
import { renderAtSettings } from './test-support';
import { UnitsSection } from './units-section';

afterEach(() => {
  vi.unstubAllGlobals();
});

const group = (name: string) => screen.getByRole('group', { name });
const radio = (groupName: string, name: string) =>
  within(group(groupName)).getByRole('radio', { name }) as HTMLInputElement;
const checked = (groupName: string) =>
  within(group(groupName))
    .getAllByRole('radio')
    .filter((r) => (r as HTMLInputElement).checked)
    .map((r) => r.closest('label')?.textContent);

function renderUnits(locale: string, bundle?: Awaited<ReturnType<typeof readyStore>>) {
  return renderAtSettings(
    <DisplayLocaleProvider locale={locale}>
      <UnitsSection />
    </DisplayLocaleProvider>,
    bundle,
  );
}

describe('Units', () => {
  it('an en-US device starts on Fahrenheit and mph, each a labelled group of two choices', () => {
    renderUnits('en-US');
    expect(within(group('Temperature')).getAllByRole('radio')).toHaveLength(2);
    expect(within(group('Wind speed')).getAllByRole('radio')).toHaveLength(2);
    expect(checked('Temperature')).toEqual(['Fahrenheit (°F)']);
    expect(checked('Wind speed')).toEqual(['mph']);
    expect(
      screen.getByText(/follows this device’s language \(en-US\): Fahrenheit \(°F\) and mph/),
    ).toBeTruthy();
  });

  it('an en-GB device starts on Celsius and mph; a de-DE one on Celsius and km/h', () => {
    const gb = renderUnits('en-GB');
    expect(checked('Temperature')).toEqual(['Celsius (°C)']);
    expect(checked('Wind speed')).toEqual(['mph']);
    gb.unmount();
    renderUnits('de-DE');
    expect(checked('Temperature')).toEqual(['Celsius (°C)']);
    expect(checked('Wind speed')).toEqual(['km/h']);
  });

  it('a choice is stored in the account’s settings record, and read back by the next start', async () => {
    const storage = memoryStorage();
    const bundle = await readyStore({ storage });
    const { user } = renderUnits('en-US', bundle);
    await user.click(radio('Temperature', 'Celsius (°C)'));
    await user.click(radio('Wind speed', 'km/h'));
    await waitFor(() =>
      expect(selectAccountSettings(bundle.getState())).toMatchObject({
        temperature_unit: 'celsius',
        wind_unit: 'kmh',
      }),
    );
    expect(checked('Temperature')).toEqual(['Celsius (°C)']);
    expect(checked('Wind speed')).toEqual(['km/h']);
    await bundle.flush();
    bundle.dispose();

    const again = await readyStore({ storage });
    expect(selectAccountSettings(again.getState())).toMatchObject({
      temperature_unit: 'celsius',
      wind_unit: 'kmh',
    });
  });

  it('is usable from the keyboard: arrow keys move each choice', async () => {
    // user-event walks a radio group with CSS.escape, which jsdom lacks (the names are quoted anyway).
    vi.stubGlobal('CSS', { escape: (value: string) => value.replace(/["\\]/g, '\\$&') });
    const bundle = await readyStore();
    const { user } = renderUnits('en-US', bundle);
    radio('Temperature', 'Fahrenheit (°F)').focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(checked('Temperature')).toEqual(['Celsius (°C)']));
    radio('Wind speed', 'mph').focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(selectAccountSettings(bundle.getState())?.wind_unit).toBe('kmh'));
  });
});
