// The window's answer to the service worker's is-alerting question, with the real cook store and real
// MessageChannels; the worker's message source is an EventTarget standing in for navigator.serviceWorker.
import { afterEach, describe, expect, it } from 'vitest';
import { completeStep, dismissStep, snoozeStep } from '../../store';
import { changesApplied } from '../../store/actions';
import { AlertCenter } from './alert-center';
import { useIsAlertingResponder, type WorkerMessages } from './is-alerting-responder';
import { recordingDelivery, renderWithStore, startedRun, type TestBundle } from './test-support';

const NO_ANSWER = 'no answer';
const HANDLED = 'the question was handled';

/**
 * Posts `data` as the worker does, with a port of its own; the answer, or NO_ANSWER when none came. The
 * window answers while it handles the message (dispatchEvent runs the listeners), so once dispatchEvent
 * returns an answer is on the port, ahead of the HANDLED the test posts there after it.
 */
function ask(messages: EventTarget, data: unknown, { withPort = true } = {}): Promise<unknown> {
  const channel = new MessageChannel();
  const answer = new Promise<unknown>((resolve) => {
    channel.port1.onmessage = (event) => resolve(event.data === HANDLED ? NO_ANSWER : event.data);
  });
  const event = Object.assign(new Event('message'), { data, ports: withPort ? [channel.port2] : [] });
  messages.dispatchEvent(event);
  channel.port2.postMessage(HANDLED);
  return answer.finally(() => channel.port1.close());
}

const question = (stepId: string, runId: string) => ({ type: 'pitclock:is-alerting', stepId, runId });

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
}

afterEach(() => {
  Reflect.deleteProperty(document, 'visibilityState');
});

function Responder({ messages }: { messages: WorkerMessages }) {
  useIsAlertingResponder(messages);
  return null;
}

async function mounted(steps: [name: string, minutesBefore: number][] = [['Wrap', 60]]) {
  const started = await startedRun(steps);
  const messages = new EventTarget();
  const view = renderWithStore(started.bundle, <Responder messages={messages} />);
  setVisibility('visible');
  return { ...started, messages, view };
}

const endRun = (bundle: TestBundle, run: { id: string }) =>
  bundle.store.dispatch(
    changesApplied({
      op: 'test/end-run',
      set: { runs: [{ ...bundle.store.getState().runs.entities[run.id]!, status: 'completed' }] },
    }),
  );

describe('useIsAlertingResponder', () => {
  it('a visible window answers { alerting: true } for a pending step of an active run', async () => {
    const { messages, run, byName } = await mounted();
    expect(await ask(messages, question(byName.Wrap!.id, run.id))).toEqual({ alerting: true });
  });

  it('a hidden window answers { alerting: false } for the same step', async () => {
    const { messages, run, byName } = await mounted();
    setVisibility('hidden');
    expect(await ask(messages, question(byName.Wrap!.id, run.id))).toEqual({ alerting: false });
  });

  it('answers false once the step is completed or dismissed, and true for a snoozed one', async () => {
    const { bundle, messages, run, byName } = await mounted([
      ['Trim', 500],
      ['Inject', 300],
      ['Wrap', 60],
    ]);
    await bundle.store.dispatch(completeStep({ step_id: byName.Trim!.id, time_mode: 'now' })).unwrap();
    await bundle.store.dispatch(dismissStep(byName.Inject!.id)).unwrap();
    await bundle.store.dispatch(snoozeStep({ step_id: byName.Wrap!.id, minutes: 10 })).unwrap();
    expect(await ask(messages, question(byName.Trim!.id, run.id))).toEqual({ alerting: false });
    expect(await ask(messages, question(byName.Inject!.id, run.id))).toEqual({ alerting: false });
    expect(await ask(messages, question(byName.Wrap!.id, run.id))).toEqual({ alerting: true });
  });

  it('answers false for a step of a run that is no longer active', async () => {
    const { bundle, messages, run, byName } = await mounted();
    endRun(bundle, run);
    expect(bundle.store.getState().runs.entities[run.id]?.status).toBe('completed');
    expect(await ask(messages, question(byName.Wrap!.id, run.id))).toEqual({ alerting: false });
  });

  it('answers false for a step without a due time (the engine never alerts one)', async () => {
    const { bundle, messages, run, byName } = await mounted();
    const wrap = bundle.store.getState().run_steps.entities[byName.Wrap!.id]!;
    bundle.store.dispatch(
      changesApplied({ op: 'test/undate', set: { run_steps: [{ ...wrap, scheduled_at: null }] } }),
    );
    expect(await ask(messages, question(wrap.id, run.id))).toEqual({ alerting: false });
  });

  it('answers false for a step this window does not know, or one named with another run', async () => {
    const { messages, run, byName } = await mounted();
    expect(await ask(messages, question('step-elsewhere', run.id))).toEqual({ alerting: false });
    expect(await ask(messages, question(byName.Wrap!.id, 'run-elsewhere'))).toEqual({ alerting: false });
  });

  it('leaves other messages, malformed questions and questions without a port unanswered', async () => {
    const { messages, run, byName } = await mounted();
    const stepId = byName.Wrap!.id;
    expect(await ask(messages, { type: 'pitclock:dismiss-step', stepId })).toBe(NO_ANSWER);
    expect(await ask(messages, { type: 'pitclock:is-alerting', stepId })).toBe(NO_ANSWER);
    expect(await ask(messages, null)).toBe(NO_ANSWER);
    expect(await ask(messages, question(stepId, run.id), { withPort: false })).toBe(NO_ANSWER);
  });

  it('stops answering once unmounted', async () => {
    const { messages, run, byName, view } = await mounted();
    view.unmount();
    expect(await ask(messages, question(byName.Wrap!.id, run.id))).toBe(NO_ANSWER);
  });
});

describe('AlertCenter answers the worker', () => {
  it('mounted with the cook screens, it answers for the steps its engine checks', async () => {
    const { bundle, run, byName } = await startedRun([['Wrap', 60]]);
    const messages = new EventTarget();
    renderWithStore(
      bundle,
      <AlertCenter
        storage={localStorage}
        timeZone="UTC"
        notify={recordingDelivery()}
        workerMessages={messages}
      />,
    );
    setVisibility('visible');
    expect(await ask(messages, question(byName.Wrap!.id, run.id))).toEqual({ alerting: true });
    await bundle.store.dispatch(dismissStep(byName.Wrap!.id)).unwrap();
    expect(await ask(messages, question(byName.Wrap!.id, run.id))).toEqual({ alerting: false });
  });
});
