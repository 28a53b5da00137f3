// The schedule of a run as the notifier takes it (PUT push/runs/{runId}/schedule), and what changed since
// the last one queued. Pure: no clock, no storage.
import {
  isPushLocale,
  PUSH_MAX_STEPS_PER_RUN,
  type PushScheduleBody,
  type PushScheduleStep,
} from '@pitclock/contracts/push';
import {
  isStepCompleted,
  isStepDismissed,
  isStepOffPlan,
  readDueAt,
  readNumber,
  readText,
} from '../../domain';
import type { Contest, Run, RunStep } from '../../store';

export type ScheduleRun = Pick<Run, 'id' | 'contest_id' | 'status' | 'name'>;
export type ScheduleStep = Pick<
  RunStep,
  'id' | 'run_id' | 'name' | 'template_name' | 'scheduled_at' | 'status' | 'completed_at'
> &
  Partial<Pick<RunStep, 'dismissed_for_user'>>;
/**
 * team_id: the team the cook-off is shared with (docs/sync.md). Read as unknown: records come from storage,
 * backups and other phones, and older ones have none.
 */
export type ScheduleContest = Pick<Contest, 'id' | 'name'> &
  Pick<Partial<Contest>, 'clock_offset_ms'> & { team_id?: unknown };

export type ScheduleInput = {
  runs: readonly ScheduleRun[];
  steps: readonly ScheduleStep[];
  contests: Readonly<Record<string, ScheduleContest | undefined>>;
  /** IANA zone of the 'due' time in the pushed text. */
  timeZone: string;
  /** The device's locale (BCP 47) the pushed text writes that time in ('1:55 PM' en-US, '13:55' en-GB). */
  locale?: string;
};

/** Shown by the notification when a record has no name of its own (the notifier needs one). */
const UNNAMED_STEP = 'Step';
const UNNAMED_CONTEST = 'Cook-off';

/**
 * The device instant a step is due: the in-app alert engine judges a step on its cook-off's contest clock
 * (contestNow = device now + clock_offset_ms), so it alerts when the device clock reaches the due time
 * minus the offset: a contest clock 5 minutes ahead alerts 5 minutes sooner. The push must come then too.
 */
export function realDueMs(step: ScheduleStep, contest: ScheduleContest | undefined): number | null {
  const due = readDueAt(step);
  return due === null ? null : due - (readNumber(contest?.clock_offset_ms) ?? 0);
}

const TEAM_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The team of a run's cook-off, as the notifier takes it (a uuid), or null: not shared, or a value that is
 * not a team id (the notifier would refuse the whole schedule; the run then alerts as the user's own).
 */
export function scheduleTeamId(contest: ScheduleContest | undefined): string | null {
  const teamId = readText(contest?.team_id);
  return teamId !== null && TEAM_ID.test(teamId) ? teamId : null;
}

const isPending = (step: PushScheduleStep) => !step.done && !step.dismissed;
const byTimeThenId = (a: PushScheduleStep, b: PushScheduleStep) =>
  a.scheduled_at < b.scheduled_at ? -1 : a.scheduled_at > b.scheduled_at ? 1 : a.id < b.id ? -1 : 1;

/**
 * At most PUSH_MAX_STEPS_PER_RUN steps: pending ones first (they are the ones to push), then done and
 * dismissed ones (so the notifier cancels theirs); each group by time.
 */
function withinLimit(steps: PushScheduleStep[]): PushScheduleStep[] {
  if (steps.length <= PUSH_MAX_STEPS_PER_RUN) return steps;
  const kept = [...steps.filter(isPending), ...steps.filter((step) => !isPending(step))];
  return kept.slice(0, PUSH_MAX_STEPS_PER_RUN).sort(byTimeThenId);
}

/**
 * One run's schedule: its dated steps by real instant (steps without a time are left out). A run of a
 * cook-off shared with a team carries team_id: the notifier then alerts every member, and this PUT
 * replaces their copies too. Without a team the body has no team_id at all (as before teams existed), so
 * the fingerprints of schedules queued by an older version stay the same. The locale is sent when the
 * notifier takes it (a locale it would refuse would leave the run with no alerts; its pushes then read
 * 24-hour HH:MM); a schedule queued before locales were sent differs from it, so it is sent once again.
 */
export function runSchedule(
  run: ScheduleRun,
  steps: readonly ScheduleStep[],
  contest: ScheduleContest | undefined,
  timeZone: string,
  locale?: string,
): PushScheduleBody {
  const scheduled: PushScheduleStep[] = [];
  for (const step of steps) {
    if (step.run_id !== run.id) continue;
    const dueMs = realDueMs(step, contest);
    if (dueMs === null) continue;
    scheduled.push({
      id: step.id,
      name: readText(step.name) ?? readText(step.template_name) ?? UNNAMED_STEP,
      scheduled_at: new Date(dueMs).toISOString(),
      done: isStepCompleted(step),
      dismissed: isStepDismissed(step) || isStepOffPlan(step),
      template_name: readText(step.template_name),
    });
  }
  const teamId = scheduleTeamId(contest);
  return {
    contest_id: run.contest_id,
    contest_name: readText(contest?.name) ?? readText(run.name) ?? UNNAMED_CONTEST,
    time_zone: timeZone,
    ...(locale !== undefined && isPushLocale(locale) ? { locale } : {}),
    ...(teamId === null ? {} : { team_id: teamId }),
    steps: withinLimit(scheduled.sort(byTimeThenId)),
  };
}

/** The schedule of every active run (status 'active', as the alert engine reads it), by run id. */
export function activeRunSchedules({
  runs,
  steps,
  contests,
  timeZone,
  locale,
}: ScheduleInput): Map<string, PushScheduleBody> {
  const byRun = new Map<string, ScheduleStep[]>();
  for (const step of steps) {
    const list = byRun.get(step.run_id);
    if (list) list.push(step);
    else byRun.set(step.run_id, [step]);
  }
  const schedules = new Map<string, PushScheduleBody>();
  for (const run of [...runs].sort((a, b) => (a.id < b.id ? -1 : 1))) {
    if (run.status !== 'active') continue;
    schedules.set(
      run.id,
      runSchedule(run, byRun.get(run.id) ?? [], contests[run.contest_id], timeZone, locale),
    );
  }
  return schedules;
}

/** A short, stable digest of a schedule (53-bit string hash of its JSON), to remember what was queued. */
export function scheduleFingerprint(body: PushScheduleBody): string {
  const text = JSON.stringify(body);
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

export type ScheduleChanges = {
  /** Runs whose schedule is new or differs from the one queued last. */
  put: { runId: string; body: PushScheduleBody }[];
  /** Runs a schedule was queued for that are no longer active (ended or deleted). */
  remove: string[];
  /** The fingerprints to remember once these are queued. */
  queued: Record<string, string>;
};

/** What to send, given the fingerprints of what was queued last (run id -> fingerprint). */
export function scheduleChanges(
  queued: Readonly<Record<string, string>>,
  schedules: ReadonlyMap<string, PushScheduleBody>,
): ScheduleChanges {
  const put: ScheduleChanges['put'] = [];
  const next: Record<string, string> = {};
  for (const [runId, body] of schedules) {
    const fingerprint = scheduleFingerprint(body);
    next[runId] = fingerprint;
    if (queued[runId] !== fingerprint) put.push({ runId, body });
  }
  const remove = Object.keys(queued).filter((runId) => !schedules.has(runId));
  return { put, remove, queued: next };
}
