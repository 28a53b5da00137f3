// Test helpers of the Templates screen, on the cook screens' shared ones.
import { vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import {
  addContest,
  addTemplate,
  addTemplateStep,
  attachTemplate,
  templateSelectors,
  type AddTemplateInput,
} from '../../store';
import { renderWithStore, type TestBundle } from '../../lib/test-support';
import { DisplayLocaleProvider } from '../../lib/display-prefs';
import { TemplatesScreen } from './templates-screen';

export { cookStore, type TestBundle } from '../../lib/test-support';

/** The Templates screen in locale en-GB (24-hour 'Turn-in 13:30'), or the one given. */
export function renderScreen(bundle: TestBundle, { locale = 'en-GB' } = {}) {
  return renderWithStore(
    bundle,
    <DisplayLocaleProvider locale={locale}>
      <TemplatesScreen />
    </DisplayLocaleProvider>,
    { path: '/templates' },
  );
}

export function withTemplate(bundle: TestBundle, input: AddTemplateInput) {
  return bundle.store.dispatch(addTemplate(input)).unwrap();
}

export async function withSteps(bundle: TestBundle, templateId: string, names: string[]) {
  for (const name of names) {
    await bundle.store.dispatch(addTemplateStep({ template_id: templateId, name })).unwrap();
  }
}

/** Makes a template used: attached to a new cook-off (returned). */
export async function attachToCookOff(bundle: TestBundle, templateId: string, name = 'Smoke on the Water') {
  const contest = await bundle.store
    .dispatch(addContest({ name, contest_date: '2026-06-06', sanctioning_body_id: '1' }))
    .unwrap();
  await bundle.store.dispatch(attachTemplate({ contest_id: contest.id, template_id: templateId })).unwrap();
  return contest;
}

export const storedTemplate = (bundle: TestBundle, id: string) =>
  templateSelectors.selectById(bundle.store.getState(), id);

/** The names shown in a list (by its accessible name), top to bottom. */
export function namesIn(listName: string): string[] {
  const list = screen.getByRole('list', { name: listName });
  return within(list)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

const ROW_HEIGHT = 80;

/**
 * jsdom does no layout, so every rect is empty and keyboard sorting finds nothing above or below.
 * Gives each row of a sortable list its own place, one under the other, by its position in the list.
 */
export function layOutSortableRows() {
  return vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const isRow = this.matches('.pc-sortable-list__item');
    const top = isRow ? [...this.parentElement!.children].indexOf(this) * ROW_HEIGHT : 0;
    const height = isRow ? ROW_HEIGHT - 4 : 0;
    const width = isRow ? 320 : 0;
    return {
      x: 0,
      y: top,
      left: 0,
      top,
      width,
      height,
      right: width,
      bottom: top + height,
      toJSON: () => ({}),
    };
  });
}
