// Sharing a cook-off or a template with one of the account's teams (docs/sync.md "Scopes"): the record
// carries the team's id, and the sync engine then keeps it, and everything under it, in the team's scope.
import { validateShareTeam } from '../../domain/validation';
import { FAILURE_MESSAGES } from '../messages';
import { contestSelectors, selectContestAttachments, templateSelectors } from '../selectors';
import { defineOperation } from '../thunk';
import type { Contest, Template } from '../types';
import { found, valid } from './shared';

/** team_id: a team's id, or null (or '') to keep it to its owner again. */
export type ShareInput = { id: string; team_id: string | null };

/** The record with `team` set (a team id), or without the field (null): absent means not shared. */
function withTeam<T extends Contest | Template>(record: T, team: string | null, now: string): T {
  const next: T = { ...record, updated_at: now };
  if (team === null) delete next.team_id;
  else next.team_id = team;
  return next;
}

const sameTeam = (record: { team_id?: string | null }, team: string | null) =>
  (record.team_id ?? null) === team;

/**
 * Shares a cook-off with a team, or (team_id null) with nobody; unchanged when it already is. Its
 * templates not shared yet go with it (the teammates' phones plan its runs from them); a template
 * already shared with another team stays there.
 */
export const shareContest = defineOperation<Contest, ShareInput>(
  'contests/share',
  FAILURE_MESSAGES.saveContest,
  ({ id, team_id }, { getState, commit, now }) => {
    const team = valid(validateShareTeam(team_id), 'team_id');
    const state = getState();
    const current = found(contestSelectors.selectById(state, id));
    if (sameTeam(current, team)) return current;
    const record = withTeam(current, team, now);
    const templates =
      team === null
        ? []
        : selectContestAttachments(state, id)
            .map(({ template_id }) => templateSelectors.selectById(state, template_id))
            .filter((template): template is Template => template !== undefined && !template.team_id)
            .map((template) => withTeam(template, team, now));
    commit({ op: 'contests/share', set: { contests: [record], templates } });
    return record;
  },
);

/** Shares a template with a team, or (team_id null) with nobody; unchanged when it already is. */
export const shareTemplate = defineOperation<Template, ShareInput>(
  'templates/share',
  FAILURE_MESSAGES.updateTemplate,
  ({ id, team_id }, { getState, commit, now }) => {
    const team = valid(validateShareTeam(team_id), 'team_id');
    const current = found(templateSelectors.selectById(getState(), id));
    if (sameTeam(current, team)) return current;
    const record = withTeam(current, team, now);
    commit({ op: 'templates/share', set: { templates: [record] } });
    return record;
  },
);
