import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '../../domain/validation';
import { canonicalise } from '../records';
import { contestSelectors, templateSelectors } from '../selectors';
import { expectRejectedUnchanged, readyStore, T0, type TestStore } from '../test-helpers';
import { addContest } from './contests';
import { shareContest, shareTemplate } from './sharing';
import { addTemplate } from './templates';

const TEAM = '5f0c2a3e-8d4b-4c1a-9e2f-0a1b2c3d4e5f';
const OTHER_TEAM = '0b7e9c1d-2f3a-4b5c-8d6e-7f8091a2b3c4';
const LATER = T0 + 60_000;

async function cookOffAndTemplate(store: TestStore) {
  const contest = await store
    .dispatch(addContest({ name: 'Odessa Smoke', sanctioning_body_id: '1' }))
    .unwrap();
  const template = await store.dispatch(addTemplate({ name: 'Brisket' })).unwrap();
  store.clock.now = LATER;
  return { contest, template };
}

describe('sharing with a team', () => {
  it('shareContest sets team_id and updated_at, and null takes the field away again', async () => {
    const store = await readyStore();
    const { contest } = await cookOffAndTemplate(store);
    expect(contest.team_id).toBeUndefined();

    const shared = await store.dispatch(shareContest({ id: contest.id, team_id: TEAM })).unwrap();
    expect(shared).toEqual({ ...contest, team_id: TEAM, updated_at: new Date(LATER).toISOString() });
    expect(contestSelectors.selectById(store.getState(), contest.id)).toEqual(shared);

    store.clock.now = LATER + 1_000;
    await store.dispatch(shareContest({ id: contest.id, team_id: OTHER_TEAM })).unwrap();
    expect(contestSelectors.selectById(store.getState(), contest.id)?.team_id).toBe(OTHER_TEAM);

    const mine = await store.dispatch(shareContest({ id: contest.id, team_id: null })).unwrap();
    expect('team_id' in mine).toBe(false);
    expect(contestSelectors.selectById(store.getState(), contest.id)).toEqual({
      ...contest,
      updated_at: new Date(LATER + 1_000).toISOString(),
    });
  });

  it('shareTemplate sets team_id and updated_at, and the empty choice (Only me) takes it away', async () => {
    const store = await readyStore();
    const { template } = await cookOffAndTemplate(store);
    const shared = await store.dispatch(shareTemplate({ id: template.id, team_id: TEAM })).unwrap();
    expect(shared).toEqual({ ...template, team_id: TEAM, updated_at: new Date(LATER).toISOString() });
    expect(templateSelectors.selectById(store.getState(), template.id)).toEqual(shared);

    await store.dispatch(shareTemplate({ id: template.id, team_id: '' as unknown as null })).unwrap();
    expect(templateSelectors.selectById(store.getState(), template.id)).toEqual({
      ...template,
      updated_at: new Date(LATER).toISOString(),
    });
  });

  it('sharing with the team it already has changes nothing (no write, no sync)', async () => {
    const store = await readyStore();
    const { contest } = await cookOffAndTemplate(store);
    await store.dispatch(shareContest({ id: contest.id, team_id: TEAM })).unwrap();
    const before = store.getState();
    store.clock.now = LATER + 5_000;
    await store.dispatch(shareContest({ id: contest.id, team_id: TEAM })).unwrap();
    expect(store.getState()).toBe(before);
  });

  it.each([['not-a-team'], ['12345'], [`${TEAM} `], [42]])(
    'a bad team id (%j) is refused with its text beside the field and nothing changed',
    async (teamId) => {
      const store = await readyStore();
      const { contest, template } = await cookOffAndTemplate(store);
      const bad = teamId as string;
      await expectRejectedUnchanged(
        store,
        () => store.dispatch(shareContest({ id: contest.id, team_id: bad })).unwrap(),
        VALIDATION_MESSAGES.teamInvalid,
      );
      await expectRejectedUnchanged(
        store,
        () => store.dispatch(shareTemplate({ id: template.id, team_id: bad })).unwrap(),
        VALIDATION_MESSAGES.teamInvalid,
      );
      const error = await store
        .dispatch(shareContest({ id: contest.id, team_id: bad }))
        .unwrap()
        .catch((failure: unknown) => failure);
      expect(error).toEqual({ message: VALIDATION_MESSAGES.teamInvalid, field: 'team_id' });
    },
  );

  it("a cook-off or template that is gone is refused with 'Item not found' and nothing changed", async () => {
    const store = await readyStore();
    await cookOffAndTemplate(store);
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(shareContest({ id: 'gone', team_id: TEAM })).unwrap(),
      'Item not found',
    );
    await expectRejectedUnchanged(
      store,
      () => store.dispatch(shareTemplate({ id: 'gone', team_id: TEAM })).unwrap(),
      'Item not found',
    );
  });

  it('canonicalise keeps a team_id only when it is a non-empty text', () => {
    const at = new Date(T0).toISOString();
    const contest = { id: 'c1', name: 'X', contest_date: '2026-06-01' };
    expect(canonicalise.contests({ ...contest, team_id: TEAM }, at)?.team_id).toBe(TEAM);
    for (const team_id of ['', null, 7, undefined, {}]) {
      expect(canonicalise.contests({ ...contest, team_id }, at)).not.toHaveProperty('team_id');
      expect(canonicalise.templates({ id: 't1', name: 'T', team_id }, at)).not.toHaveProperty('team_id');
    }
    expect(canonicalise.templates({ id: 't1', name: 'T', team_id: TEAM }, at)?.team_id).toBe(TEAM);
  });
});

describe('sharing a cook-off takes its templates along', () => {
  it('its templates not shared yet get the team; one shared with another team stays there', async () => {
    const store = await readyStore();
    const { contest, template } = await cookOffAndTemplate(store);
    const other = await store.dispatch(addTemplate({ name: 'Ribs' })).unwrap();
    await store.dispatch(shareTemplate({ id: other.id, team_id: OTHER_TEAM })).unwrap();
    const { attachTemplate } = await import('./contests');
    await store.dispatch(attachTemplate({ contest_id: contest.id, template_id: template.id })).unwrap();
    await store.dispatch(attachTemplate({ contest_id: contest.id, template_id: other.id })).unwrap();

    await store.dispatch(shareContest({ id: contest.id, team_id: TEAM })).unwrap();
    expect(templateSelectors.selectById(store.getState(), template.id)?.team_id).toBe(TEAM);
    expect(templateSelectors.selectById(store.getState(), other.id)?.team_id).toBe(OTHER_TEAM);
  });
});
