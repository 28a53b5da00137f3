// The forms check with the domain's schemas and the store checks again with the same ones: what a schema
// accepts is exactly what the store saves, and what it refuses the store refuses with its text.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  minutesBeforeSchema,
  newCategoryNameSchema,
  stepNameSchema,
  templateNameSchema,
  turnInTimeSchema,
} from '../../domain/validation';
import { readyStore } from '../test-helpers';
import { addCategory } from './categories';
import { addTemplateStep } from './steps';
import { addTemplate } from './templates';

const text = fc.string({ unit: fc.constantFrom('a', 'Z', '7', ' ', '\t', '-'), maxLength: 8 });
const timeText = fc.oneof(text, fc.constantFrom('', '13:30', '1:30 pm', '7pm', '24:00', '25:99', 'noon'));
const minutes = fc.oneof(
  fc.constant(null),
  fc.constant(Number.NaN),
  fc.integer({ min: -2000, max: 2000 }),
  fc.constantFrom('', ' 90 ', '-15', '1.5', 'an hour'),
);

/** The store's rejection text, or null when it resolved. */
async function refusal(run: () => Promise<unknown>): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (failure) {
    return (failure as { message: string }).message;
  }
}

/** The texts of what `schema` refuses in `input` (none when it accepts it). */
const issues = (
  schema: { safeParse: (input: unknown) => { error?: { issues: { message: string }[] } } },
  input: unknown,
) => schema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];

describe('the store saves what the schemas accept', () => {
  it('a category: the trimmed name, or the refusal of newCategoryNameSchema with nothing stored', async () => {
    const store = await readyStore();
    await fc.assert(
      fc.asyncProperty(text, async (name) => {
        const before = store.getState();
        const parsed = newCategoryNameSchema.safeParse(name);
        const stored = store.dispatch(addCategory({ name })).unwrap();
        if (parsed.success) expect((await stored).name).toBe(parsed.data);
        else {
          expect(await refusal(() => stored)).toBe(parsed.error.issues[0]?.message);
          expect(store.getState()).toBe(before);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('a template: its name and turn-in time as the schemas give them, or one of their refusals', async () => {
    const store = await readyStore();
    await fc.assert(
      fc.asyncProperty(text, timeText, async (name, turnIn) => {
        const before = store.getState();
        const refused = [...issues(templateNameSchema, name), ...issues(turnInTimeSchema, turnIn)];
        const saving = store.dispatch(addTemplate({ name, turn_in_time: turnIn })).unwrap();
        if (refused.length === 0) {
          expect(await saving).toMatchObject({
            name: templateNameSchema.parse(name),
            turn_in_time: turnInTimeSchema.parse(turnIn),
          });
        } else {
          expect(refused).toContain(await refusal(() => saving));
          expect(store.getState()).toBe(before);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('a step: name, minutes before turn-in and own turn-in as the schemas give them, or one of their refusals', async () => {
    const store = await readyStore();
    const template = await store.dispatch(addTemplate({ name: 'Brisket' })).unwrap();
    await fc.assert(
      fc.asyncProperty(text, minutes, timeText, async (name, before, turnIn) => {
        const state = store.getState();
        const refused = [
          ...issues(stepNameSchema, name),
          ...issues(minutesBeforeSchema, before),
          ...issues(turnInTimeSchema, turnIn),
        ];
        const saving = store
          .dispatch(
            addTemplateStep({
              template_id: template.id,
              name,
              minutes_before_turn_in: before,
              turn_in_time: turnIn,
            }),
          )
          .unwrap();
        if (refused.length === 0) {
          expect(await saving).toMatchObject({
            name: stepNameSchema.parse(name),
            minutes_before_turn_in: minutesBeforeSchema.parse(before),
            turn_in_time: turnInTimeSchema.parse(turnIn),
          });
        } else {
          expect(refused).toContain(await refusal(() => saving));
          expect(store.getState()).toBe(state);
        }
      }),
      { numRuns: 40 },
    );
  });
});
