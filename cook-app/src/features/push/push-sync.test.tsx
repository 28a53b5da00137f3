import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { session } from '@pitclock/contracts';
import { PUSH_SUBSCRIPTION_CHANGED_MESSAGE } from '@pitclock/contracts/push';
import { addContest, addTemplate, attachTemplate, getOrStartRunForContest } from '../../store';
import { DisplayLocaleProvider } from '../../lib/display-prefs';
import { cookStore } from '../../lib/test-support';
import { PushProvider } from './push-context';
import { PushSync } from './push-sync';
import {
  fakePushBrowser,
  fakePushManager,
  startApi,
  testClient,
  testOutbox,
  USER_TOKEN,
  VAPID_PUBLIC_KEY,
} from './test-support';

beforeEach(() => {
  session.setTokens({ token: USER_TOKEN });
});

describe('PushSync (mounted once by the cook app)', () => {
  it("registers this device's subscription at start, queues a started run's schedule, and re-registers when the worker says so", async () => {
    const server = await startApi(() => ({ status: 204 }));
    const bundle = await cookStore();
    const manager = fakePushManager({ subscribedWith: VAPID_PUBLIC_KEY });
    const browser = fakePushBrowser(manager);
    const { outbox } = testOutbox({ client: testClient(session), session });
    const app = (locale: string): ReactNode => (
      <Provider store={bundle.store}>
        <PushProvider value={{ browser, outbox }}>
          <DisplayLocaleProvider locale={locale}>
            <PushSync />
          </DisplayLocaleProvider>
        </PushProvider>
      </Provider>
    );
    const { rerender } = render(app('en-GB'));
    await vi.waitFor(() => expect(server.on('/api/push/subscribe')).toHaveLength(1));

    const contest = await bundle.store
      .dispatch(addContest({ name: 'Odessa', sanctioning_body_id: '1', contest_date: '2026-06-01' }))
      .unwrap();
    const ribs = await bundle.store.dispatch(addTemplate({ name: 'Ribs', turn_in_time: '18:00' })).unwrap();
    await bundle.store.dispatch(attachTemplate({ contest_id: contest.id, template_id: ribs.id })).unwrap();
    const { run } = await bundle.store.dispatch(getOrStartRunForContest(contest.id)).unwrap();
    await vi.waitFor(() => expect(server.on(`/api/push/runs/${run.id}/schedule`)).toHaveLength(1));
    expect(server.on(`/api/push/runs/${run.id}/schedule`)[0]?.json).toMatchObject({
      contest_id: contest.id,
      contest_name: 'Odessa',
      locale: 'en-GB',
      steps: [{ name: 'Ribs', scheduled_at: '2026-06-01T18:00:00.000Z', done: false, dismissed: false }],
    });

    // The reader's locale changes: the schedule goes again, its pushes to be written in the new one.
    rerender(app('en-US'));
    await vi.waitFor(() => expect(server.on(`/api/push/runs/${run.id}/schedule`)).toHaveLength(2));
    expect(server.on(`/api/push/runs/${run.id}/schedule`)[1]?.json).toMatchObject({ locale: 'en-US' });

    browser.post({ type: PUSH_SUBSCRIPTION_CHANGED_MESSAGE });
    await vi.waitFor(() => expect(server.on('/api/push/subscribe')).toHaveLength(2));
  });
});
