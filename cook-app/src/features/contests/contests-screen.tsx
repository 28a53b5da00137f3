import { Suspense, useState } from 'react';
import {
  Badge,
  Banner,
  Button,
  ConfirmDialog,
  EditIcon,
  IconButton,
  InfoIcon,
  PlusIcon,
  retryableLazy,
  Spinner,
  Table,
  Tooltip,
  TrashIcon,
  type TableColumn,
} from '@pitclock/design-system';
import { findActiveRun, upcomingContests, walkTimeBadge, ymdInZone } from '../../domain';
import {
  deleteContest,
  FAILURE_MESSAGES,
  getContests,
  runSelectors,
  selectContests,
  selectSanctioningBodies,
  useCookDispatch,
  useCookSelector,
  type Contest,
} from '../../store';
import { useStartCookOff } from '../../lib/license-gate';
import { operationMessage } from '../../lib/operation-message';
import { useStoreLoad } from '../../lib/use-store-load';
import { deviceTimeZone, useDateFormat } from '../../lib/display-prefs';
import { useRowInlineEdit } from '../../lib/use-inline-edit';
import { TeamBadge } from '../../lib/teams/share-with-team-field';
import { useTeams } from '../../lib/teams/teams-source';
import { CONTESTS_TEXT } from './messages';
import { SelectedContestCard, type ContestWeatherSlots } from './selected-contest-card';
import '../../lib/screen.css';
import './contests.css';

// The forms (react-hook-form and its resolver) and the templates panel load when first opened: the list
// renders without them. A load that failed (offline before the service worker had them) loads again at
// the shell's Try Again.
const AddContestModal = retryableLazy(() => import('./add-contest-modal').then((m) => m.AddContestModal));
const ContestEditRow = retryableLazy(() => import('./contest-edit-row').then((m) => m.ContestEditRow));
const ManageTemplatesPanel = retryableLazy(() =>
  import('./manage-templates-panel').then((m) => m.ManageTemplatesPanel),
);

export type ContestsScreenProps = {
  /** The clock (tests pass the store's). */
  now?: () => number;
  /** The device's time zone (tests pass the store's). */
  timeZone?: string;
  /** The weather column's cell and the selected cook-off's weather panel (the weather feature's, given by app/). */
  weather?: ContestWeatherSlots;
};

const editFormId = (contestId: string) => `pc-contests-edit-${contestId}`;

/** The question before deleting a cook-off: SPEC.md's, or, when it has runs, that they go too. */
function deleteQuestion(contest: Contest, runs: readonly { contest_id: string }[]): string {
  const count = runs.filter((run) => run.contest_id === contest.id).length;
  return count === 0
    ? CONTESTS_TEXT.deleteQuestion(contest.name)
    : CONTESTS_TEXT.deleteWithRunsQuestion(contest.name, count);
}

/** The Cook-offs screen (/contests, SPEC.md section 2). */
export function ContestsScreen({
  now = Date.now,
  timeZone = deviceTimeZone(),
  weather,
}: ContestsScreenProps) {
  const dispatch = useCookDispatch();
  const all = useCookSelector(selectContests);
  const bodies = useCookSelector(selectSanctioningBodies);
  const runs = useCookSelector(runSelectors.selectAll);
  // The team names of the shared cook-offs' badges (the edit row reads the teams itself when it opens).
  const teams = useTeams({ when: all.some((contest) => Boolean(contest.team_id)) });
  const { loading, loadError } = useStoreLoad(
    (d) => d(getContests({ upcoming: true })).unwrap(),
    FAILURE_MESSAGES.loadContests,
  );
  const [actionError, setActionError] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  const inlineEdit = useRowInlineEdit();
  const editing = inlineEdit.editingId;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [managing, setManaging] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Contest | null>(null);
  const [busy, setBusy] = useState(false);
  const format = useDateFormat();
  // Start needs this device's licence (checked offline); without one it goes to /promo and comes back.
  // Without notification permission it first confirms that in-app alerts will be used.
  const { start: startCookOff, confirmation: startConfirmation } = useStartCookOff({ now });

  const today = ymdInZone(now(), timeZone);
  const contests = upcomingContests(all, now(), timeZone);
  const bodyName = (id: string | null) => bodies.find((b) => b.id === id)?.name ?? '';
  const selected = contests.find((c) => c.id === selectedId) ?? null;
  const managed = all.find((c) => c.id === managing) ?? null;

  // A cook-off is deleted with its runs (their steps and notes), attachments and weather, in one change
  // of the store; the question says so when it has runs. Only an unexpected failure remains ('Item not
  // found' when it went meanwhile, e.g. from another tab; else 'Failed to delete cook-off').
  const askDelete = (contest: Contest) => {
    setActionError(null);
    setDeleting(contest);
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await dispatch(deleteContest(deleting.id)).unwrap();
      if (selectedId === deleting.id) setSelectedId(null);
    } catch (failure) {
      setActionError(operationMessage(failure, FAILURE_MESSAGES.deleteContest));
    }
    setBusy(false);
    setDeleting(null);
  };

  const columns: TableColumn<Contest>[] = [
    {
      id: 'date',
      header: 'Date',
      hideBelow: 'sm',
      cell: (c) => <time dateTime={c.contest_date}>{format.date(c.contest_date) ?? c.contest_date}</time>,
      className: 'pc-contests-col-date',
    },
    {
      id: 'name',
      header: 'Name',
      rowHeader: true,
      cell: (c) => (
        <span className="pc-contests-name">
          <button
            type="button"
            className="pc-contests-name__button"
            aria-pressed={selectedId === c.id}
            onClick={() => setSelectedId(c.id)}
          >
            {c.name}
          </button>{' '}
          <Badge
            tone={c.walk_time_adjust_minutes > 0 ? 'info' : 'neutral'}
            title={`Walk time: every step ${c.walk_time_adjust_minutes} minutes earlier`}
          >
            {walkTimeBadge(c.walk_time_adjust_minutes)}
          </Badge>{' '}
          <TeamBadge teamId={c.team_id} teams={teams} />
          {/* On a phone the Date column is hidden: the date goes under the name. */}
          <time className="pc-contests-name__date" dateTime={c.contest_date}>
            {format.date(c.contest_date) ?? c.contest_date}
          </time>
        </span>
      ),
    },
    { id: 'body', header: 'Sanctioning Body', hideBelow: 'sm', cell: (c) => bodyName(c.sanctioning_body_id) },
    { id: 'location', header: 'Location', hideBelow: 'md', cell: (c) => c.location ?? '' },
    {
      id: 'weather',
      header: 'Weather',
      hideBelow: 'sm',
      cell: (c) => (
        <span className="pc-contests-weather" data-contest-id={c.id}>
          {weather ? <weather.Cell contest={c} now={now} /> : null}
        </span>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      align: 'end',
      cell: (c) => {
        // A cook-off whose run is active resumes it (the same way: the run route reuses the active run).
        const action = findActiveRun(runs, c.id) ? CONTESTS_TEXT.resume : CONTESTS_TEXT.start;
        return (
          <span className="pc-contests-actions">
            <Button onClick={() => void startCookOff(c.id)} aria-label={`${action} ${c.name}`}>
              {action}
            </Button>
            <Button
              variant="secondary"
              onClick={() => setManaging(c.id)}
              aria-label={`Manage templates of ${c.name}`}
            >
              Templates
            </Button>
            <IconButton
              ref={inlineEdit.editButtonRef(c.id)}
              label={`Edit ${c.name}`}
              icon={<EditIcon />}
              aria-expanded={editing === c.id}
              aria-controls={editing === c.id ? editFormId(c.id) : undefined}
              onClick={() => (editing === c.id ? inlineEdit.stop() : inlineEdit.start(c.id))}
            />
            <IconButton label={`Delete ${c.name}`} icon={<TrashIcon />} onClick={() => askDelete(c)} />
          </span>
        );
      },
    },
  ];

  // A row being edited keeps its cells (every column stays in view) and shows its form in a full-width
  // row under it: a stacked form on a phone, a grid of fields on a wide screen.
  const editForm = (c: Contest) =>
    editing === c.id ? (
      <Suspense fallback={<Spinner size="sm" label={CONTESTS_TEXT.loadingForm} />}>
        <ContestEditRow
          id={editFormId(c.id)}
          contest={c}
          bodies={bodies}
          today={today}
          onDone={inlineEdit.stop}
          onError={setActionError}
          teams={teams}
        />
      </Suspense>
    ) : null;

  return (
    <section className="pc-screen pc-contests" aria-labelledby="pc-contests-title">
      <header className="pc-screen__header pc-contests__header">
        <h1 id="pc-contests-title" className="pc-screen__title">
          Cook-off
        </h1>
        <Tooltip content="Your upcoming cook-offs (from 7 days ago). Pick one to see its day; attach templates to plan its steps.">
          <IconButton label="About cook-offs" icon={<InfoIcon />} />
        </Tooltip>
        <span className="pc-contests__spacer" />
        <Button icon={<PlusIcon />} onClick={() => setAdding(true)} aria-label="Add Cook-off">
          <span className="pc-contests__add-long">Add Cook-off</span>
          <span className="pc-contests__add-short" aria-hidden="true">
            Add
          </span>
        </Button>
      </header>

      {loadError ? <Banner tone="red">{loadError}</Banner> : null}
      {actionError ? (
        <Banner tone="red" onDismiss={() => setActionError(null)}>
          {actionError}
        </Banner>
      ) : null}

      {selected ? (
        <SelectedContestCard
          contest={selected}
          timeZone={timeZone}
          now={now}
          weather={weather}
          onClear={() => setSelectedId(null)}
        />
      ) : null}

      {loading && contests.length === 0 ? (
        <Spinner label="Loading cook-offs" />
      ) : contests.length === 0 ? (
        // The design system's empty-state look, with a paragraph title: the screen keeps one heading
        // named 'Cook-off' (the shell's and e2e's landmark).
        <div className="pc-empty-state pc-contests-empty" role="status">
          <p className="pc-empty-state__title">{CONTESTS_TEXT.emptyTitle}</p>
          <p className="pc-empty-state__text">Add the cook-offs you are entering to plan their turn-ins.</p>
          <div className="pc-empty-state__action">
            <Button onClick={() => setAdding(true)}>Create Cook-off</Button>
          </div>
        </div>
      ) : (
        <Table<Contest>
          caption="Upcoming cook-offs"
          hideCaption
          columns={columns}
          rows={contests}
          getRowKey={(c) => c.id}
          rowDetails={editForm}
          className="pc-contests-table"
          rowClassName={(c) =>
            editing === c.id
              ? 'pc-contests-row--editing'
              : selectedId === c.id
                ? 'pc-contests-row--selected'
                : undefined
          }
        />
      )}

      {adding ? (
        <Suspense fallback={<Spinner size="sm" label={CONTESTS_TEXT.loadingForm} />}>
          <AddContestModal
            open
            today={today}
            onClose={() => setAdding(false)}
            onCreated={(id) => setSelectedId(id)}
          />
        </Suspense>
      ) : null}

      {startConfirmation}

      <ConfirmDialog
        open={deleting !== null}
        title="Delete cook-off"
        message={deleting ? deleteQuestion(deleting, runs) : ''}
        confirmLabel="Delete"
        destructive
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />

      {managed ? (
        <Suspense fallback={<Spinner label="Loading templates" />}>
          <ManageTemplatesPanel contest={managed} onClose={() => setManaging(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
