// Benchmark of the cook-app's offline store (cook-app/src/store): with 50 cook-offs, 200 templates,
// 2,000 template steps and a run of 500 steps, prints the time to compute a run schedule, to persist
// the whole state and to rehydrate it, and the persisted size. Targets: a 500-step schedule under 5 ms,
// rehydration under 200 ms.
//
// Runs in Node through tsx (the store is TypeScript), and IndexedDB is fake-indexeddb (an
// in-memory IndexedDB in JavaScript) driven through the real localforage and redux-persist, so the
// persist and rehydrate figures include localforage, redux-persist, the migrations check and the
// structured clone of IndexedDB, but not a browser's disk. Usage, from the repository root:
//   node --import tsx tests/bench/store.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { serialize } from 'node:v8';
// fake-indexeddb must define indexedDB before localforage is loaded (it picks its driver on load).
import 'fake-indexeddb/auto';

// The store as it runs in a production build (no dev-only immutability and serializability checks): set
// before the store is imported, hence the dynamic imports below.
process.env.NODE_ENV ??= 'production';

const root = path.resolve(import.meta.dirname, '..', '..');
const store = await import('../../cook-app/src/store/index');
const { computeRunSchedule } = await import('../../cook-app/src/domain/schedule');
const { replanRun } = await import('../../cook-app/src/domain/replan');
const { selectCookData } = await import('../../cook-app/src/store/selectors');
const { PERSISTED_ITEM_KEY, offlineStorage } = await import('../../cook-app/src/store/persist');

const TARGET_SCHEDULE_MS = 5;
// A turn-in moved at the cooks' meeting re-plans the open run at once: well under a frame-budgeted tap.
const TARGET_REPLAN_MS = 5;
const TARGET_REPLAN_OPERATION_MS = 50;
const TARGET_REHYDRATE_MS = 200;
const SIZES = { contests: 50, templates: 200, stepsPerTemplate: 10, runTemplates: 50 };

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};
const ms = (value: number) => `${value.toFixed(2)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const verdict = (value: number, target: number) => (value < target ? 'met' : 'MISSED');

let clockMs = Date.parse('2026-06-01T15:00:00.000Z');
function open() {
  let next = 0;
  return store.createCookStore({
    clock: () => clockMs,
    newId: () => `bench-${++next}`,
    timeZone: 'America/Chicago',
    page: null,
  });
}

await offlineStorage().removeItem(PERSISTED_ITEM_KEY);

// Build the data through the store's own operations.
const first = open();
await first.rehydrated;
const { dispatch } = first.store;
const buildStart = performance.now();
const templates = [];
for (let t = 0; t < SIZES.templates; t += 1) {
  const template = await dispatch(
    store.addTemplate({
      name: `Template ${t}`,
      category_id: String((t % 4) + 1),
      turn_in_time: `${11 + (t % 3)}:30`,
    }),
  ).unwrap();
  templates.push(template);
  for (let s = 0; s < SIZES.stepsPerTemplate; s += 1) {
    await dispatch(
      store.addTemplateStep({
        template_id: template.id,
        name: `Step ${s} of ${t}`,
        description: 'Spritz with apple juice, check the bark, wrap in butcher paper when it sets.',
        minutes_before_turn_in: 30 * (SIZES.stepsPerTemplate - s),
      }),
    ).unwrap();
  }
}
const contests = [];
for (let c = 0; c < SIZES.contests; c += 1) {
  const day = String(1 + (c % 28)).padStart(2, '0');
  contests.push(
    await dispatch(
      store.addContest({
        name: `Cook-off ${c}`,
        sanctioning_body_id: String((c % 10) + 1),
        contest_date: `2026-07-${day}`,
        location: 'Odessa, TX',
        walk_time_adjust_minutes: c % 21,
      }),
    ).unwrap(),
  );
}
const runContest = contests[0]!;
for (const template of templates.slice(0, SIZES.runTemplates)) {
  await dispatch(
    store.attachTemplate({
      contest_id: runContest.id,
      template_id: template.id,
      override_turn_in_time: template.id.endsWith('0') ? '13:00' : null,
    }),
  ).unwrap();
}
const buildMs = performance.now() - buildStart;

// Schedule: the pure engine on the 500 steps of the run (warm, median of many), then the whole start.
const state = first.store.getState();
const attachments = store.selectContestAttachments(state, runContest.id);
const scheduleTemplates = Object.fromEntries(
  templates.map((t) => [t.id, { id: t.id, name: t.name, turn_in_time: t.turn_in_time }]),
);
const scheduleSteps = attachments.flatMap((a) => store.selectTemplateSteps(state, a.template_id));
const input = {
  contest: runContest,
  attachments,
  templates: scheduleTemplates,
  steps: scheduleSteps,
  timeZone: 'America/Chicago',
};
const coldStart = performance.now();
const schedule = computeRunSchedule(input);
const scheduleColdMs = performance.now() - coldStart;
const scheduleTimes = [];
for (let i = 0; i < 200; i += 1) {
  const start = performance.now();
  computeRunSchedule(input);
  scheduleTimes.push(performance.now() - start);
}
const scheduleMs = median(scheduleTimes);
const runStart = performance.now();
const run = await dispatch(store.getOrStartRunForContest(runContest.id)).unwrap();
const startRunMs = performance.now() - runStart;

// Re-plan: the pure function on the run against every turn-in moved 30 min (median of 200), then a whole
// override change through the store: the operation, the re-plan middleware and both commits (median of 20).
const moved = computeRunSchedule({
  ...input,
  attachments: attachments.map((a) => ({ ...a, override_turn_in_time: '14:00' })),
});
const replanTimes = [];
let replanned: ReturnType<typeof replanRun> | undefined;
for (let i = 0; i < 200; i += 1) {
  const start = performance.now();
  replanned = replanRun({
    steps: run.steps,
    schedule: moved,
    stepsWithNotes: new Set(),
    now: new Date(clockMs).toISOString(),
    createStep: () => {
      throw new Error('no step is new');
    },
  });
  replanTimes.push(performance.now() - start);
}
const replanMs = median(replanTimes);
const replanOperationTimes = [];
for (let i = 0; i < 20; i += 1) {
  clockMs += 1000;
  const start = performance.now();
  await dispatch(
    store.attachTemplate({
      contest_id: runContest.id,
      template_id: templates[1]!.id,
      override_turn_in_time: i % 2 === 0 ? '14:00' : '14:30',
    }),
  ).unwrap();
  replanOperationTimes.push(performance.now() - start);
}
const replanOperationMs = median(replanOperationTimes);

// Persist: a full write of the state to IndexedDB (flush after a change; median of 10).
await first.flush();
const persistTimes = [];
for (let i = 0; i < 10; i += 1) {
  clockMs += 1000;
  await dispatch(store.updateTemplate({ id: templates[i]!.id, name: `Template ${i} (edited)` })).unwrap();
  const start = performance.now();
  await first.flush();
  persistTimes.push(performance.now() - start);
}
const persistMs = median(persistTimes);
first.dispose();

// Size: the stored value in the V8 structured-clone format (what Chromium writes for IndexedDB) and as JSON.
const stored = await offlineStorage().getItem(PERSISTED_ITEM_KEY);
const structuredBytes = serialize(stored).length;
const jsonBytes = Buffer.byteLength(JSON.stringify(stored));

// Rehydrate: a new store reading, checking and seeding the stored state (median of 7).
const rehydrateTimes = [];
let reloaded: ReturnType<typeof open> | undefined;
for (let i = 0; i < 7; i += 1) {
  const start = performance.now();
  reloaded = open();
  await reloaded.rehydrated;
  rehydrateTimes.push(performance.now() - start);
  reloaded.dispose();
}
const rehydrateMs = median(rehydrateTimes);
const same =
  JSON.stringify(selectCookData(reloaded!.store.getState())) ===
  JSON.stringify(selectCookData(first.store.getState()));

const counts = store.selectStoreCounts(first.store.getState());
console.log('store: cook-app offline store (Redux Toolkit + redux-persist + localforage)');
console.log(
  '  measured in Node with fake-indexeddb (in-memory IndexedDB) through the real localforage; NODE_ENV=' +
    process.env.NODE_ENV,
);
console.log(
  `  data: ${counts.contests} cook-offs, ${counts.templates} templates, ${counts.template_steps} template steps, ` +
    `${counts.contest_templates} attachments, a run of ${run.steps.length} steps (built in ${ms(buildMs)} through the store's operations)`,
);
console.log(
  `  run schedule of ${schedule.length} steps   ${ms(scheduleMs).padStart(10)} median of 200 (first call ${ms(scheduleColdMs)}; target < ${TARGET_SCHEDULE_MS} ms: ${verdict(scheduleMs, TARGET_SCHEDULE_MS)})`,
);
console.log(`  start the run (thunk + commit)  ${ms(startRunMs).padStart(10)}`);
console.log(
  `  re-plan it, every turn-in moved ${ms(replanMs).padStart(10)} median of 200, ${replanned!.changes.length} steps moved (target < ${TARGET_REPLAN_MS} ms: ${verdict(replanMs, TARGET_REPLAN_MS)})`,
);
console.log(
  `  move one turn-in (op + re-plan) ${ms(replanOperationMs).padStart(10)} median of 20 (target < ${TARGET_REPLAN_OPERATION_MS} ms: ${verdict(replanOperationMs, TARGET_REPLAN_OPERATION_MS)})`,
);
console.log(`  persist the whole state         ${ms(persistMs).padStart(10)} median of 10 full writes`);
console.log(
  `  rehydrate it                    ${ms(rehydrateMs).padStart(10)} median of 7 (target < ${TARGET_REHYDRATE_MS} ms: ${verdict(rehydrateMs, TARGET_REHYDRATE_MS)})`,
);
console.log(
  `  persisted size                  ${kb(structuredBytes).padStart(10)} structured clone (${kb(jsonBytes)} as JSON)`,
);
console.log(`  reloaded state equals the saved one: ${same ? 'yes' : 'NO'}`);

mkdirSync(path.join(root, 'tests', 'bench', 'results'), { recursive: true });
writeFileSync(
  path.join(root, 'tests', 'bench', 'results', 'store.json'),
  JSON.stringify(
    {
      measuredAt: new Date().toISOString(),
      environment: 'node + fake-indexeddb',
      runSteps: run.steps.length,
      scheduleMs,
      startRunMs,
      replanMs,
      replanOperationMs,
      persistMs,
      rehydrateMs,
      persistedStructuredBytes: structuredBytes,
      persistedJsonBytes: jsonBytes,
      targetsMet: scheduleMs < TARGET_SCHEDULE_MS && rehydrateMs < TARGET_REHYDRATE_MS,
    },
    null,
    2,
  ),
);
if (!same) process.exitCode = 1;
