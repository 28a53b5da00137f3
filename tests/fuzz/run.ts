// The property-based fuzzer over every operation of the OpenAPI document (issue 17). It starts the stack on a
// fresh database, reads the document the gateway serves at /api/openapi.json, signs in as the seeded admin
// and as a cook, makes real records, then checks one fast-check property per operation: for any request built
// from the document's schemas (valid values and mutations of them) and any caller, the answer is no 5xx, a
// documented status, a body matching that status's documented schema, the error shape on every 4xx, and no
// 2xx to a caller without the rights.
//
//   node --import tsx tests/fuzz/run.ts               fixed seed, FUZZ_RUNS cases per operation (npm test's step)
//   node --import tsx tests/fuzz/run.ts --campaign    random seeds, round after round until FUZZ_MINUTES have passed
//
// Settings (environment): FUZZ_SEED (the base seed; 17 by default, random per round in a campaign),
// FUZZ_RUNS (cases per operation and round: 1,500, in a campaign too), FUZZ_MINUTES (campaign length, 30),
// FUZZ_ONLY (only operations whose "METHOD /path" contains this text), FUZZ_PORT (the gateway's port, 8941;
// the services take the five above it), FUZZ_RESULT_FILE (a JSON summary, for scripts/test.mjs),
// FUZZ_LOGS=1 (the services' logs on the console), FUZZ_LOG_LEVEL (theirs, warn), FUZZ_DOCUMENT (a file to
// read the document from instead of the gateway: a saved or work-in-progress document).
// A failure prints its seeds and shrink path: FUZZ_ONLY='<METHOD /path>' FUZZ_SEED=<base seed> replays it.
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { operationsOf, validateDocument, type Operation } from './document';
import { setUpFixtures, type Fixtures } from './fixtures';
import { closeConnections, send, type Answer } from './http';
import { problemsOf, type JudgedAnswer } from './oracle';
import {
  caseArbitrary,
  toRequest,
  type CaseBody,
  type CaseRequest,
  type FuzzCase,
  type Role,
} from './requests';
import { fuzzAdmin, startFuzzStack, type FuzzStack } from './stack';

const { values: flags } = parseArgs({ options: { campaign: { type: 'boolean', default: false } } });
const env = process.env;
const campaign = flags.campaign;
const settings = {
  baseSeed: env.FUZZ_SEED === undefined ? (campaign ? null : 17) : Number(env.FUZZ_SEED),
  runs: Number(env.FUZZ_RUNS ?? 1500),
  minutes: Number(env.FUZZ_MINUTES ?? 30),
  only: env.FUZZ_ONLY ?? '',
  port: Number(env.FUZZ_PORT ?? 8941),
  resultFile: env.FUZZ_RESULT_FILE,
  documentFile: env.FUZZ_DOCUMENT,
};
/** A safety net per operation and round: a stack that stops answering must not hold the run for ever. */
const operationTimeLimitMs = 10 * 60_000;

const say = (line: string) => process.stdout.write(`${line}\n`);
const number = (n: number) => n.toLocaleString('en-US');
const clip = (text: string | undefined, max = 400) =>
  text === undefined
    ? '(none)'
    : text.length > max
      ? `${text.slice(0, max)}… (${number(text.length)} characters)`
      : text;

/** A 32-bit seed per operation: replaying one operation with the same base seed draws the same cases. */
const seedOf = (baseSeed: number, key: string) => {
  let hash = 0x811c9dc5 ^ baseSeed;
  for (const char of key) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return hash | 0;
};

// ---------------------------------------------------------------------------------------------------------
// Failures.

const errorStackOf = (error: unknown): string | undefined =>
  error instanceof Error ? error.stack : undefined;
const errorMessageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** A case whose answer broke the oracle: the request as sent (tokens redacted), the answer, the problems. */
interface Failure {
  request: CaseRequest;
  answer: Answer;
  problems: string[];
  role: Role;
  body: CaseBody;
}

class CaseFailure extends Error {
  constructor(readonly failure: Failure) {
    super(failure.problems.join('; '));
  }
}

/** One kind of failure per status and first problem (a 500 and an undocumented 400 are two kinds). */
const kindOf = (failure: Failure) => `${failure.answer.status}: ${failure.problems[0]}`;

function describe(failure: Failure, indent = '     ') {
  const { request, answer, problems, role, body } = failure;
  return [
    `${request.method} ${clip(request.path, 300)}`,
    `caller: ${role}; body: ${body.kind}${body.applied.length ? ` (${body.applied.join(', ')})` : ''}`,
    `headers: ${JSON.stringify(request.headers)}`,
    `body sent: ${clip(request.body)}`,
    `answer: ${answer.status} ${answer.headers?.['content-type'] ?? ''} ${clip(answer.text)}${answer.streamed ? ' (an event stream: its headers read, then closed)' : ''}${answer.error ? ` (${answer.error})` : ''}`,
    `problems: ${problems.join('; ')}`,
  ]
    .map((line) => `${indent}${line}`)
    .join('\n');
}

/** Checks the oracle is not vacuous: it must refuse a 500, a 4xx without the error shape, an odd status. */
function checkOracle(operation: Operation) {
  const json = { 'content-type': 'application/json; charset=utf-8' };
  const bad: JudgedAnswer[] = [
    { status: 500, headers: json, text: '{"error":"internal_error","message":"Internal server error"}' },
    { status: 400, headers: json, text: '{"msg":"bad"}' },
    { status: 418, headers: json, text: '{"error":"teapot","message":"I am a teapot"}' },
  ];
  for (const answer of bad) {
    if (problemsOf(operation, { role: 'anonymous' }, answer).length === 0) {
      throw new Error(
        `the oracle accepted a bad answer (${answer.status} ${answer.text}): it checks nothing`,
      );
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Figures.

/** Counts of one operation's cases (or of them all): answers by status class, status and body kind. */
interface Tally {
  cases: number;
  sent: number;
  byClass: Record<string, number>;
  byStatus: Record<string, number>;
  byKind: Record<string, number>;
  rateLimited: number;
  slowest: { ms: number; request: string; body: string } | null;
}

const emptyTally = (): Tally => ({
  cases: 0,
  sent: 0,
  byClass: {},
  byStatus: {},
  byKind: {},
  rateLimited: 0,
  slowest: null,
});

function count(tally: Tally, fuzzCase: FuzzCase, request: Failure['request'], answer: Answer) {
  tally.cases += 1;
  const statusClass =
    answer.status > 0 ? `${String(answer.status)[0]}xx` : answer.status === 0 ? 'no answer' : 'not sent';
  tally.byClass[statusClass] = (tally.byClass[statusClass] ?? 0) + 1;
  tally.byStatus[answer.status] = (tally.byStatus[answer.status] ?? 0) + 1;
  tally.byKind[fuzzCase.body.kind] = (tally.byKind[fuzzCase.body.kind] ?? 0) + 1;
  if (answer.status === 429) tally.rateLimited += 1;
  if (!tally.slowest || answer.ms > tally.slowest.ms) {
    tally.slowest = {
      ms: answer.ms,
      request: `${request.method} ${clip(request.path, 120)}`,
      body: clip(request.body, 120),
    };
  }
}

function merge(into: Tally, from: Tally) {
  for (const field of ['cases', 'sent', 'rateLimited'] as const) into[field] += from[field];
  for (const field of ['byClass', 'byStatus', 'byKind'] as const) {
    for (const [key, value] of Object.entries(from[field]))
      into[field][key] = (into[field][key] ?? 0) + value;
  }
  if (from.slowest && (!into.slowest || from.slowest.ms > into.slowest.ms)) into.slowest = from.slowest;
}

// ---------------------------------------------------------------------------------------------------------
// One operation.

/** A kind of failure in one round: how many cases met it, and the first. */
interface KindFound {
  count: number;
  example: Failure;
}

/** The first kind's counterexample as fast-check shrank it (failure null: the replay did not fail again). */
interface Shrunk {
  kind: string;
  failure: Failure | null;
  path?: string | null;
  shrinks?: number;
}

/** An operation's record over every round: figures, kinds of failure (with the first shrunk example), problems. */
interface Overall {
  tally: Tally;
  kinds: Map<string, KnownKind>;
  problems: string[];
}
interface KnownKind extends KindFound {
  shrunk: (Shrunk & { baseSeed: number; seed: number }) | null;
  baseSeed: number;
}

/** A failed operation as the JSON summary lists it. */
interface FailedOperation {
  operation: string;
  problems: string[];
  kinds: {
    kind: string;
    count: number;
    baseSeed: number;
    firstCase: ReturnType<typeof failureRecord>;
    shrunk: { path: string | null | undefined; seed: number; case: ReturnType<typeof failureRecord> } | null;
  }[];
}

/** The summary of the run, printed and written to FUZZ_RESULT_FILE (for scripts/test.mjs). */
interface Report {
  mode: 'campaign' | 'fixed seed';
  seeds: number[];
  runsPerOperation: number;
  operations: number;
  passed: number;
  failed: number;
  skipped: number;
  cases: number;
  requests: number;
  answers: Record<string, number>;
  failureKinds: number;
  failures: FailedOperation[];
  notReached: string[];
  durationSeconds: number;
  statuses?: Record<string, number>;
  bodies?: Record<string, number>;
  slowest?: Tally['slowest'];
}

/** One operation's round: its figures, kinds of failure, shrunk counterexample and the round's own problems. */
interface OperationRound {
  tally: Tally;
  kinds: Map<string, KindFound>;
  shrunk: Shrunk | null;
  interrupted: boolean;
  harnessError: string | null;
}
type CheckedRound = OperationRound & { problems: string[] };

/**
 * Fuzzes one operation with one seed, in two passes. The survey sends all numRuns cases and records every
 * failing one by kind, without stopping (one early failure must not hide the others). Then the first kind is
 * run again with the same seed, stopping at it so that fast-check shrinks it to a small counterexample (unless
 * an earlier round shrank that kind already: shrunkBefore).
 * Returns { tally, kinds: Map(kind -> { count, example }), shrunk, harnessError }.
 */
async function fuzzOperation(
  operation: Operation,
  {
    baseUrl,
    fixtures,
    seed,
    numRuns,
    shrunkBefore,
  }: { baseUrl: string; fixtures: Fixtures; seed: number; numRuns: number; shrunkBefore: Set<string> },
): Promise<OperationRound> {
  await fixtures.refresh();
  const tokens = { cook: () => fixtures.cook.token, admin: () => fixtures.admin.token };
  const context = { pools: fixtures.pools, protectedIds: [fixtures.admin.id, fixtures.cook.id], tokens };
  const arbitrary = caseArbitrary(operation, context);
  const tally = emptyTally();
  const redact = (headers: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [
        name,
        name === 'authorization'
          ? value.replace(tokens.cook(), '<cook token>').replace(tokens.admin(), '<admin token>')
          : value,
      ]),
    );
  const attempt = async (fuzzCase: FuzzCase, survey: boolean): Promise<Failure | null> => {
    const request = toRequest(operation, fuzzCase, tokens);
    const answer = await send(baseUrl, request);
    tally.sent += 1;
    if (survey) count(tally, fuzzCase, request, answer);
    const problems = problemsOf(operation, fuzzCase, answer);
    if (problems.length === 0) return null;
    return {
      request: { ...request, headers: redact(request.headers) },
      answer,
      problems,
      role: fuzzCase.role,
      body: fuzzCase.body,
    };
  };
  const parameters = { seed, numRuns, plugins: [fc.interruptAfterTimeLimit(operationTimeLimitMs)] };

  const kinds = new Map<string, KindFound>();
  const survey = await fc.check(
    fc.asyncProperty(arbitrary, async (fuzzCase) => {
      const failure = await attempt(fuzzCase, true);
      if (!failure) return;
      const kind = kindOf(failure);
      const known = kinds.get(kind) ?? { count: 0, example: failure };
      known.count += 1;
      kinds.set(kind, known);
    }),
    parameters,
  );
  let shrunk: Shrunk | null = null;
  // The first kind that has no shrunk counterexample yet (a campaign meets the same kinds round after round).
  const target = [...kinds.keys()].find((kind) => !shrunkBefore.has(kind));
  if (target) {
    const replay = await fc.check(
      fc.asyncProperty(arbitrary, async (fuzzCase) => {
        const failure = await attempt(fuzzCase, false);
        if (failure && kindOf(failure) === target) throw new CaseFailure(failure);
      }),
      parameters,
    );
    shrunk =
      replay.failed && replay.errorInstance instanceof CaseFailure
        ? {
            kind: target,
            failure: replay.errorInstance.failure,
            path: replay.counterexamplePath,
            shrinks: replay.numShrinks,
          }
        : { kind: target, failure: null };
  }
  return {
    tally,
    kinds,
    shrunk,
    interrupted: survey.interrupted,
    harnessError: survey.failed ? (errorStackOf(survey.errorInstance) ?? String(survey.errorInstance)) : null,
  };
}

/** How the figures name the statuses that are not HTTP's: no answer, and a request node:http refused. */
const statusNames: Record<string, string> = { 0: 'none', '-1': 'unsent' };

/** The operation's line and its failures; in a campaign only operations with kinds of failure not seen before. */
function printOperation(
  operation: Operation,
  result: CheckedRound,
  seconds: number,
  { baseSeed, seed, seenBefore }: { baseSeed: number; seed: number; seenBefore: Set<string> },
) {
  const { tally, shrunk } = result;
  const kinds = new Map([...result.kinds].filter(([kind]) => !seenBefore.has(kind)));
  if (campaign && kinds.size === 0 && result.problems.length === 0) return;
  const statuses = Object.entries(tally.byStatus)
    .map(([status, times]) => `${statusNames[status] ?? status}×${times}`)
    .join(' ');
  const verdict = result.problems.length || kinds.size ? 'FAIL' : 'ok';
  say(
    `${verdict.padEnd(4)} ${operation.key.padEnd(50)} ${String(tally.cases).padStart(5)} cases ${seconds.toFixed(1).padStart(5)} s  ${statuses}`,
  );
  if (result.interrupted) say(`     interrupted after ${operationTimeLimitMs / 60_000} min`);
  for (const problem of result.problems) say(`  ✗ ${problem}`);
  if (!kinds.size) return;
  say(
    `  ✗ ${kinds.size}${campaign ? ' new' : ''} kind${kinds.size > 1 ? 's' : ''} of failure (base seed ${baseSeed}, seed ${seed}):`,
  );
  for (const [kind, { count: times }] of kinds) say(`     [${times}×] ${clip(kind, 200)}`);
  if (shrunk?.failure && kinds.has(shrunk.kind)) {
    say(
      `     shrunk counterexample of the first kind (path "${shrunk.path}", ${shrunk.shrinks} shrinks; ` +
        `replay: FUZZ_ONLY='${operation.key}' FUZZ_SEED=${baseSeed}):`,
    );
    say(describe(shrunk.failure, '       '));
  } else if (shrunk) {
    say('     (the replay did not fail again: the failure depends on state; first seen:)');
    say(describe((kinds.get(shrunk.kind) ?? [...kinds.values()][0]!).example, '       '));
  }
  for (const [kind, { example }] of kinds) {
    if (kind === shrunk?.kind) continue;
    say(`     first case of "${clip(kind, 120)}":`);
    say(describe(example, '       '));
  }
}

// ---------------------------------------------------------------------------------------------------------
// The run.

/** The document the gateway serves (what users see), or the file FUZZ_DOCUMENT names. */
async function loadDocument(source: string): Promise<unknown> {
  if (!source.startsWith('http')) return JSON.parse(readFileSync(source, 'utf8')) as unknown;
  const served = await fetch(source);
  if (!served.ok) throw new Error(`GET ${source} answered ${served.status}: the document is not served`);
  return served.json();
}

const failureRecord = (failure: Failure | null) =>
  failure && {
    request: { ...failure.request, body: clip(failure.request.body, 2_000) },
    caller: failure.role,
    body: failure.body.kind,
    mutations: failure.body.applied,
    status: failure.answer.status,
    answer: clip(failure.answer.text, 2_000),
    problems: failure.problems,
  };

/** Adds one round's result for an operation to its running record (figures, kinds, shrunk examples). */
function record(
  overall: Overall,
  result: CheckedRound,
  { baseSeed, seed }: { baseSeed: number; seed: number },
) {
  merge(overall.tally, result.tally);
  overall.problems.push(...result.problems);
  for (const [kind, found] of result.kinds) {
    const known = overall.kinds.get(kind) ?? { count: 0, example: found.example, shrunk: null, baseSeed };
    known.count += found.count;
    if (result.shrunk?.kind === kind && result.shrunk.failure && !known.shrunk) {
      known.shrunk = { ...result.shrunk, baseSeed, seed };
    }
    overall.kinds.set(kind, known);
  }
}

/** What made a round fail beyond its kinds of failure: a harness error, a run that met only rate limits. */
function problemsOfRound(result: OperationRound): string[] {
  const problems: string[] = [];
  if (result.harnessError) problems.push(`the property threw: ${result.harnessError}`);
  if (result.tally.rateLimited * 2 > result.tally.cases) {
    problems.push(
      `${result.tally.rateLimited} of ${result.tally.cases} answers were 429: the limits left nothing to test`,
    );
  }
  return problems;
}

/**
 * One round per base seed: one fuzzOperation per operation. A fixed-seed run makes one round; a campaign
 * makes rounds with random seeds until its deadline. Returns Map(operation key -> { tally, kinds, problems })
 * and pushes each base seed to `seeds`.
 */
async function fuzzAll(
  operations: Operation[],
  {
    baseUrl,
    fixtures,
    deadline,
    started,
    seeds,
  }: { baseUrl: string; fixtures: Fixtures; deadline: number; started: number; seeds: number[] },
): Promise<Map<string, Overall>> {
  const results = new Map<string, Overall>(
    operations.map((operation) => [operation.key, { tally: emptyTally(), kinds: new Map(), problems: [] }]),
  );
  for (let round = 1; ; round += 1) {
    const baseSeed = settings.baseSeed ?? (Math.random() * 2 ** 31) | 0;
    seeds.push(baseSeed);
    if (campaign) say(`-- round ${round}, base seed ${baseSeed}`);
    for (const operation of operations) {
      if (campaign && Date.now() > deadline) break;
      const began = Date.now();
      const seed = seedOf(baseSeed, operation.key);
      const overall = results.get(operation.key)!;
      const shrunkBefore = new Set(
        [...overall.kinds].filter(([, known]) => known.shrunk).map(([kind]) => kind),
      );
      const round = await fuzzOperation(operation, {
        baseUrl,
        fixtures,
        seed,
        numRuns: settings.runs,
        shrunkBefore,
      });
      const result: CheckedRound = { ...round, problems: problemsOfRound(round) };
      const seenBefore = new Set(overall.kinds.keys());
      printOperation(operation, result, (Date.now() - began) / 1000, { baseSeed, seed, seenBefore });
      record(overall, result, { baseSeed, seed });
    }
    if (campaign) {
      const all = [...results.values()];
      const cases = all.reduce((sum, result) => sum + result.tally.cases, 0);
      const kinds = all.reduce((sum, result) => sum + result.kinds.size, 0);
      const failing = all.filter((result) => result.kinds.size || result.problems.length).length;
      const minutes = ((Date.now() - started) / 60_000).toFixed(1);
      say(
        `   after round ${round}: ${number(cases)} cases, ${kinds} kinds of failure in ${failing} operations, ${minutes} min`,
      );
    }
    if (!campaign || Date.now() > deadline) return results;
  }
}

/** The failed operations of the results, as the JSON summary lists them. */
const failuresOf = (results: Map<string, Overall>): FailedOperation[] =>
  [...results]
    .filter(([, { kinds, problems }]) => kinds.size || problems.length)
    .map(([operation, { kinds, problems }]) => ({
      operation,
      problems,
      kinds: [...kinds].map(([kind, { count: times, example, shrunk, baseSeed }]) => ({
        kind,
        count: times,
        baseSeed,
        firstCase: failureRecord(example),
        shrunk: shrunk && { path: shrunk.path, seed: shrunk.seed, case: failureRecord(shrunk.failure) },
      })),
    }));

/** A process that exited, or a stack not ready at the end, is a failure of the run too. */
async function stackProblemsOf(stack: FuzzStack): Promise<string[]> {
  const problems: string[] = [];
  const exited = stack.exitedProcesses();
  if (exited.length) problems.push(`processes exited during the fuzzing: ${exited.join(', ')}`);
  const ready = await fetch(`${stack.url}/readyz`).catch(() => null);
  if (ready?.status !== 200) problems.push(`GET /readyz answered ${ready?.status ?? 'nothing'} at the end`);
  return problems;
}

function printSummary(report: Report) {
  const answers = Object.entries(report.answers)
    .map(([key, value]) => `${key} ${number(value)}`)
    .join(', ');
  const seeds = `base seed${report.seeds.length > 1 ? 's' : ''} ${report.seeds.join(', ')}`;
  say(
    `== figures: ${report.operations} operations, ${number(report.cases)} cases (${answers || 'none'}), ` +
      `${number(report.requests)} requests with the replays, ${report.failureKinds} kinds of failure in ` +
      `${report.failed} operations, ${report.durationSeconds} s, ${seeds}`,
  );
  if (report.slowest) say(`   slowest answer: ${report.slowest.ms} ms, ${report.slowest.request}`);
  if (report.notReached.length) say(`   never answered 2xx: ${report.notReached.join('; ')}`);
  for (const { operation, problems, kinds } of report.failures) {
    for (const problem of problems) say(`   failed: ${operation}: ${problem.split('\n')[0]}`);
    for (const { kind, count: times } of kinds)
      say(`   failed: ${operation}: [${times}×] ${clip(kind, 160)}`);
  }
  say(`${report.passed} passed, ${report.failed} failed`);
}

async function main() {
  const started = Date.now();
  const stack = await startFuzzStack({ gatewayPort: settings.port, quiet: env.FUZZ_LOGS !== '1' });
  // Ctrl-C in a long campaign still stops the processes and drops the database.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      say(`\n${signal}: stopping the stack`);
      closeConnections();
      void stack.stop().then(() => process.exit(130));
    });
  }
  const report: Report = {
    mode: campaign ? 'campaign' : 'fixed seed',
    seeds: [],
    runsPerOperation: settings.runs,
    operations: 0,
    passed: 0,
    failed: 0,
    skipped: 0,
    cases: 0,
    requests: 0,
    answers: {},
    failureKinds: 0,
    failures: [],
    notReached: [],
    durationSeconds: 0,
  };
  try {
    const documentUrl = settings.documentFile ?? `${stack.url}/api/openapi.json`;
    const operations = operationsOf(await validateDocument(await loadDocument(documentUrl))).filter(
      (operation) => operation.key.includes(settings.only),
    );
    if (operations.length === 0) throw new Error(`no operation matches FUZZ_ONLY=${settings.only}`);
    checkOracle(operations[0]!);
    const fixtures = await setUpFixtures(stack.url, fuzzAdmin);
    for (const warning of fixtures.warnings) say(`fixture not made: ${warning}`);
    report.operations = operations.length;
    say(
      `== fuzz: ${operations.length} operations of ${documentUrl}; ` +
        (campaign
          ? `campaign of ${settings.minutes} min, ${settings.runs} cases per operation and round`
          : `seed ${settings.baseSeed}, ${settings.runs} cases per operation`),
    );
    const deadline = started + settings.minutes * 60_000;
    const results = await fuzzAll(operations, {
      baseUrl: stack.url,
      fixtures,
      deadline,
      started,
      seeds: report.seeds,
    });

    const total = emptyTally();
    for (const [key, { tally }] of results) {
      merge(total, tally);
      if (!tally.byClass['2xx']) report.notReached.push(key);
    }
    report.failures = failuresOf(results);
    report.passed = operations.length - report.failures.length;
    const stackProblems = await stackProblemsOf(stack);
    if (stackProblems.length)
      report.failures.push({ operation: '(the stack)', problems: stackProblems, kinds: [] });
    report.failed = report.failures.length;
    report.failureKinds = report.failures.reduce((sum, failure) => sum + failure.kinds.length, 0);
    Object.assign(report, {
      cases: total.cases,
      requests: total.sent,
      answers: total.byClass,
      statuses: total.byStatus,
      bodies: total.byKind,
      slowest: total.slowest,
    });
  } catch (error) {
    say(`fuzz: ${errorStackOf(error) ?? String(error)}`);
    report.failed += 1;
    report.failures.push({ operation: '(the run)', problems: [errorMessageOf(error)], kinds: [] });
  } finally {
    closeConnections();
    await stack.stop();
  }
  report.durationSeconds = Math.round((Date.now() - started) / 1000);
  if (settings.resultFile) writeFileSync(settings.resultFile, `${JSON.stringify(report, null, 2)}\n`);
  printSummary(report);
  return report.failed === 0;
}

const ok = await main().catch((error: unknown) => {
  say(`fuzz: ${errorStackOf(error) ?? String(error)}`);
  if (settings.resultFile) {
    const failure = { operation: '(the run)', problems: [errorMessageOf(error)], kinds: [] };
    const summary = { passed: 0, failed: 1, skipped: 0, failures: [failure] };
    writeFileSync(settings.resultFile, `${JSON.stringify(summary)}\n`);
  }
  say('0 passed, 1 failed');
  return false;
});
process.exit(ok ? 0 : 1);
