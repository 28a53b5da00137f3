import { PUSH_MAX_PAYLOAD_BYTES } from '@pitclock/contracts/push';
import { STEP_ALERT_TAG } from '@pitclock/contracts/step-alerts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  payloadBytes,
  stepAlertPayload,
  testPushPayload,
  truncateText,
  type StepAlertContent,
} from './payload';

const content: StepAlertContent = {
  runId: 'run-1',
  stepId: 'step-1',
  contestId: 'contest 1',
  stage: 'overdue',
  dueAt: new Date('2026-06-13T14:05:00Z'),
  stepName: 'Wrap brisket',
  templateName: 'Brisket',
  timeZone: 'America/Chicago',
  dismissToken: 'token.sig',
};

describe('stepAlertPayload', () => {
  it('is a step alert with the title, body, fixed tag and the data the service worker reads', () => {
    expect(stepAlertPayload(content)).toEqual({
      kind: 'step-alert',
      title: 'PitClock - Wrap brisket',
      body: 'Overdue · Brisket · due 09:05',
      tag: STEP_ALERT_TAG,
      data: {
        url: '/contests/contest%201/runs/run-1/steps',
        stepId: 'step-1',
        runId: 'run-1',
        contestId: 'contest 1',
        stage: 'overdue',
        dueAt: '2026-06-13T14:05:00.000Z',
        dismissToken: 'token.sig',
      },
    });
  });

  it('cuts long names to stay under the size limit instead of failing, keeping ids and token whole', () => {
    const long = { ...content, stepName: '🔥'.repeat(3_000), templateName: 'T'.repeat(5_000) };
    const payload = stepAlertPayload(long);
    expect(payloadBytes(payload)).toBeLessThanOrEqual(PUSH_MAX_PAYLOAD_BYTES);
    expect(payloadBytes(payload)).toBeGreaterThan(PUSH_MAX_PAYLOAD_BYTES - 20);
    expect(payload.title).toMatch(/^PitClock - (🔥)+…$/);
    expect(payload.body).toMatch(/^Overdue · T+… · due 09:05$/);
    expect(payload.kind === 'step-alert' && payload.data).toMatchObject({
      stepId: 'step-1',
      dismissToken: 'token.sig',
    });
  });

  it('property: any names give valid JSON under the limit', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 3_000, unit: 'binary' }),
        fc.string({ maxLength: 3_000, unit: 'binary' }),
        (stepName, templateName) => {
          const payload = stepAlertPayload({ ...content, stepName, templateName });
          expect(payloadBytes(payload)).toBeLessThanOrEqual(PUSH_MAX_PAYLOAD_BYTES);
          expect(JSON.parse(JSON.stringify(payload))).toEqual(payload);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('fails loudly when not even cut names fit', () => {
    expect(() => stepAlertPayload(content, 100)).toThrow(/does not fit in 100 bytes/);
  });
});

describe('truncateText', () => {
  it('keeps short text and never splits a surrogate pair', () => {
    expect(truncateText('abc', 3)).toBe('abc');
    expect(truncateText('abcd', 3)).toBe('ab…');
    expect(truncateText('🔥🔥🔥🔥', 3)).toBe('🔥🔥…');
  });
});

describe('testPushPayload', () => {
  it('is the test push of the protocol', () => {
    expect(testPushPayload()).toEqual({
      kind: 'test',
      title: 'PitClock - Test notification',
      body: 'Push notifications work on this device.',
      tag: 'pitclock-test-push',
    });
  });
});
