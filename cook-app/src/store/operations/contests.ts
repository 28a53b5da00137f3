import {
  CONTEST_MESSAGES,
  planAttach,
  upcomingContests,
  validateContestInput,
  type ContestErrors,
  type ContestInput,
} from '../../domain/contests';
import { ymdInZone } from '../../domain/time';
import { contestClockOffset } from '../../domain/contest-clock';
import { FAILURE_MESSAGES, STORE_MESSAGES } from '../messages';
import {
  contestEnvironmentSelectors,
  contestSelectors,
  contestTemplateSelectors,
  runSelectors,
  runStepSelectors,
  sanctioningBodySelectors,
  selectContests,
  stepNoteSelectors,
  templateSelectors,
} from '../selectors';
import { defineOperation, fail, type OperationContext } from '../thunk';
import type { Contest, ContestEnvironment, ContestTemplate } from '../types';
import { found, stampNew, valid } from './shared';

/** Cook-offs by date; with `upcoming`, only those dated from 7 days ago on (SPEC.md section 5). */
export const getContests = defineOperation<Contest[], { upcoming?: boolean } | void>(
  'contests/get',
  FAILURE_MESSAGES.loadContests,
  (filter, { getState, nowMs, timeZone }) => {
    const contests = selectContests(getState());
    return filter && filter.upcoming ? upcomingContests(contests, nowMs, timeZone) : contests;
  },
);

export type ContestFields = ContestInput & { category_id?: string | null };

/** Validates a cook-off form with the domain's rules; the first error's text rejects. */
function contestValues(input: ContestFields, context: OperationContext) {
  const result = validateContestInput(input, ymdInZone(context.nowMs, context.timeZone));
  if (!result.ok) {
    const order: (keyof ContestErrors)[] = ['name', 'sanctioning_body_id', 'contest_date'];
    fail(order.map((key) => result.errors[key]).find(Boolean) ?? FAILURE_MESSAGES.saveContest);
  }
  const { value } = result;
  const bodyId = String(value.sanctioning_body_id);
  if (!sanctioningBodySelectors.selectById(context.getState(), bodyId))
    fail(CONTEST_MESSAGES.sanctioningBodyRequired);
  return {
    name: value.name,
    contest_date: value.contest_date,
    sanctioning_body_id: bodyId,
    location: value.location === '' ? null : value.location,
    walk_time_adjust_minutes: value.walk_time_adjust_minutes,
  };
}

/** Adds a cook-off ('Please provide a cook-off name.'; date defaults to today; walk time clamped 0-20). */
export const addContest = defineOperation<Contest, ContestFields>(
  'contests/add',
  FAILURE_MESSAGES.createContest,
  (input, context) => {
    const record: Contest = {
      id: context.newId(),
      ...contestValues(input, context),
      category_id: input.category_id ?? null,
      user_id: context.extra.userId(),
      ...stampNew(context.now),
    };
    context.commit({ op: 'contests/add', set: { contests: [record] } });
    return record;
  },
);

/** Edits a cook-off: the given fields over the current ones, validated and clamped as on create. */
export const updateContest = defineOperation<Contest, ContestFields & { id: string }>(
  'contests/update',
  FAILURE_MESSAGES.saveContest,
  ({ id, ...input }, context) => {
    const current = found(contestSelectors.selectById(context.getState(), id));
    const merged: ContestFields = {
      name: current.name,
      contest_date: current.contest_date,
      sanctioning_body_id: current.sanctioning_body_id,
      location: current.location ?? '',
      walk_time_adjust_minutes: current.walk_time_adjust_minutes,
      ...input,
    };
    const record: Contest = {
      ...current,
      ...contestValues(merged, context),
      category_id: input.category_id === undefined ? current.category_id : input.category_id,
      updated_at: context.now,
    };
    context.commit({ op: 'contests/update', set: { contests: [record] } });
    return record;
  },
);

export type SetContestClockInput = { contest_id: string; shown: string | null };

/**
 * Sets a cook-off's contest clock from the time the official clock shows now ('' or null: back to this
 * device's clock). 'Please pick a valid time (HH:MM).' for anything else.
 */
export const setContestClock = defineOperation<Contest, SetContestClockInput>(
  'contests/setClock',
  FAILURE_MESSAGES.saveContest,
  ({ contest_id, shown }, context) => {
    const current = found(contestSelectors.selectById(context.getState(), contest_id));
    const offset =
      shown === null || shown.trim() === ''
        ? 0
        : valid(contestClockOffset(shown, context.nowMs, context.timeZone));
    const record: Contest = { ...current, clock_offset_ms: offset, updated_at: context.now };
    context.commit({ op: 'contests/setClock', set: { contests: [record] } });
    return record;
  },
);

/**
 * Deletes a cook-off with everything that belongs to it: attachments, runs (active or not), their run
 * steps and notes, weather; in one change, so all of it goes or none. Nothing blocks it ('Item not found'
 * when the cook-off is gone already).
 */
export const deleteContest = defineOperation<void, string>(
  'contests/delete',
  FAILURE_MESSAGES.deleteContest,
  (id, { getState, commit }) => {
    const state = getState();
    found(contestSelectors.selectById(state, id));
    const of = <T extends { contest_id: string }>(list: T[]) => list.filter((r) => r.contest_id === id);
    const runIds = new Set(of(runSelectors.selectAll(state)).map((run) => run.id));
    commit({
      op: 'contests/delete',
      remove: {
        contests: [id],
        contest_templates: of(contestTemplateSelectors.selectAll(state)).map((a) => a.id),
        runs: [...runIds],
        run_steps: runStepSelectors
          .selectAll(state)
          .filter((s) => runIds.has(s.run_id))
          .map((s) => s.id),
        step_notes: stepNoteSelectors
          .selectAll(state)
          .filter((n) => runIds.has(n.run_id))
          .map((n) => n.id),
        contest_environment: contestEnvironmentSelectors.selectById(state, id) ? [id] : [],
      },
    });
  },
);

export type AttachInput = { contest_id: string; template_id: string; override_turn_in_time?: string | null };

/**
 * Attaches a template to a cook-off. An already-attached template only has its override updated, and
 * only when it differs (SPEC.md section 4); an unreadable override means none. Resolves with the
 * attachment record.
 */
export const attachTemplate = defineOperation<ContestTemplate, AttachInput>(
  'contests/attachTemplate',
  FAILURE_MESSAGES.attach,
  (input, { getState, commit, newId, now }) => {
    if (!input.contest_id) fail(STORE_MESSAGES.noContestSelected);
    const state = getState();
    found(contestSelectors.selectById(state, input.contest_id));
    found(templateSelectors.selectById(state, input.template_id));
    const attachments = contestTemplateSelectors.selectAll(state);
    const plan = planAttach(attachments, input.contest_id, input.template_id, input.override_turn_in_time);
    if (plan.kind === 'add') {
      const record: ContestTemplate = {
        id: newId(),
        contest_id: input.contest_id,
        template_id: input.template_id,
        override_turn_in_time: plan.record.override_turn_in_time,
        ...stampNew(now),
      };
      commit({ op: 'contests/attachTemplate', set: { contest_templates: [record] } });
      return record;
    }
    const existing = attachments.find(
      (a) => a.contest_id === input.contest_id && a.template_id === input.template_id,
    )!;
    if (plan.kind === 'noop') return existing;
    const record = { ...existing, override_turn_in_time: plan.override_turn_in_time, updated_at: now };
    commit({ op: 'contests/attachTemplate', set: { contest_templates: [record] } });
    return record;
  },
);

/** Detaches a template from a cook-off. */
export const detachTemplate = defineOperation<void, { contest_id: string; template_id: string }>(
  'contests/detachTemplate',
  FAILURE_MESSAGES.detach,
  (input, { getState, commit }) => {
    if (!input.contest_id) fail(STORE_MESSAGES.noContestSelected);
    const attachment = found(
      contestTemplateSelectors
        .selectAll(getState())
        .find((a) => a.contest_id === input.contest_id && a.template_id === input.template_id),
    );
    commit({ op: 'contests/detachTemplate', remove: { contest_templates: [attachment.id] } });
  },
);

export type EnvironmentInput = Partial<
  Omit<ContestEnvironment, 'contest_id' | 'created_at' | 'updated_at' | 'is_local'>
> & {
  contest_id: string;
};

const EMPTY_ENVIRONMENT: Omit<ContestEnvironment, 'contest_id' | 'created_at' | 'updated_at' | 'is_local'> = {
  lat: null,
  lon: null,
  elevation_m: null,
  provider: null,
  normalized_location: null,
  normalized_reason: null,
  forecast_json: null,
  pressure_msl_hpa: null,
  boiling_point_c: null,
  boiling_point_f: null,
  computed_at: null,
  approximate_only: false,
  last_geocode_url: null,
  last_forecast_url: null,
  last_error: null,
  last_error_stage: null,
  last_error_network: null,
  last_error_status: null,
};

/** Saves (merges) the weather record of a cook-off; the weather feature computes its fields. */
export const saveContestEnvironment = defineOperation<ContestEnvironment, EnvironmentInput>(
  'contests/saveEnvironment',
  FAILURE_MESSAGES.saveContest,
  (input, { getState, commit, now }) => {
    found(contestSelectors.selectById(getState(), input.contest_id));
    const current = contestEnvironmentSelectors.selectById(getState(), input.contest_id);
    const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
    const record: ContestEnvironment = {
      ...EMPTY_ENVIRONMENT,
      ...stampNew(now),
      ...current,
      ...given,
      contest_id: input.contest_id,
      updated_at: now,
    };
    commit({ op: 'contests/saveEnvironment', set: { contest_environment: [record] } });
    return record;
  },
);
