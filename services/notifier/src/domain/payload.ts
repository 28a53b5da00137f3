import {
  PUSH_MAX_PAYLOAD_BYTES,
  PUSH_TEST_BODY,
  PUSH_TEST_TAG,
  PUSH_TEST_TITLE,
  type PushPayload,
  type PushStage,
} from '@pitclock/contracts/push';
import { STEP_ALERT_TAG } from '@pitclock/contracts/step-alerts';
import { alertBody, alertTitle } from './alert-text';

/** How long after its step's due time a Dismiss on a shown notification still counts. */
export const DISMISS_TOKEN_LIFETIME_AFTER_DUE_MS = 24 * 60 * 60_000;

export type StepAlertContent = {
  runId: string;
  stepId: string;
  contestId: string;
  stage: PushStage;
  dueAt: Date;
  stepName: string;
  templateName?: string | null;
  timeZone?: string | null;
  locale?: string | null;
  dismissToken: string;
};

/** The run screen of a step, as the app's own alerts link it (alert-engine.ts alertUrl). */
export const runStepsUrl = (contestId: string, runId: string): string =>
  `/contests/${encodeURIComponent(contestId)}/runs/${encodeURIComponent(runId)}/steps`;

export const payloadBytes = (payload: PushPayload): number => Buffer.byteLength(JSON.stringify(payload));

/** The text cut to `limit` code points (never inside a surrogate pair), marked with an ellipsis when cut. */
export const truncateText = (text: string, limit: number): string => {
  const points = Array.from(text);
  return points.length <= limit
    ? text
    : `${points
        .slice(0, Math.max(0, limit - 1))
        .join('')
        .trimEnd()}…`;
};

const buildStepAlert = (content: StepAlertContent, nameLimit: number): PushPayload => ({
  kind: 'step-alert',
  title: alertTitle(truncateText(content.stepName, nameLimit)),
  body: alertBody({
    stage: content.stage,
    templateName: content.templateName ? truncateText(content.templateName, nameLimit) : null,
    dueAt: content.dueAt,
    timeZone: content.timeZone,
    locale: content.locale,
  }),
  tag: STEP_ALERT_TAG,
  data: {
    url: runStepsUrl(content.contestId, content.runId),
    stepId: content.stepId,
    runId: content.runId,
    contestId: content.contestId,
    stage: content.stage,
    dueAt: content.dueAt.toISOString(),
    dismissToken: content.dismissToken,
  },
});

/**
 * The payload of a step alert (PushPayload kind 'step-alert'). When its JSON would reach maxBytes (push
 * services promise 4,096 bytes of ciphertext), the step and template names are cut to the longest length
 * that fits rather than failing the alert; the ids and the token are never cut.
 */
export const stepAlertPayload = (
  content: StepAlertContent,
  maxBytes: number = PUSH_MAX_PAYLOAD_BYTES,
): PushPayload => {
  const fits = (limit: number) => payloadBytes(buildStepAlert(content, limit)) <= maxBytes;
  const longest = Math.max(
    Array.from(content.stepName).length,
    Array.from(content.templateName ?? '').length,
  );
  if (fits(longest)) return buildStepAlert(content, longest);
  if (!fits(1)) throw new Error(`a step alert does not fit in ${maxBytes} bytes even with its names cut`);
  let [low, high] = [1, longest];
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle - 1;
  }
  return buildStepAlert(content, low);
};

/** The push of About's "test push" button. */
export const testPushPayload = (): PushPayload => ({
  kind: 'test',
  title: PUSH_TEST_TITLE,
  body: PUSH_TEST_BODY,
  tag: PUSH_TEST_TAG,
});
