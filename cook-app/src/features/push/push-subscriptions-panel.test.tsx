import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '@pitclock/contracts';
import { held } from '@pitclock/contracts/testing';
import { PUSH_TEXT } from './messages';
import { formatWhen, PushSubscriptionsPanel } from './push-subscriptions-panel';
import { startApi, USER_TOKEN, type ReceivedRequest, type Reply } from './test-support';

beforeEach(() => {
  session.setTokens({ token: USER_TOKEN });
});

const ours = () => ({
  id: 1,
  device_id: session.getDeviceId(),
  endpoint_origin: 'https://fcm.googleapis.com',
  created_at: '2026-05-01T10:00:00.000Z',
  last_success_at: '2026-06-01T14:30:00.000Z',
  last_failure_at: null,
});
const theirs = {
  id: 2,
  device_id: 'device-Mozilla/5.0 (iPhone; CPU-abc123',
  endpoint_origin: 'https://web.push.apple.com',
  created_at: '2026-05-02T09:15:00.000Z',
  last_success_at: null,
  last_failure_at: '2026-06-01T13:00:00.000Z',
};

/** The notifier: GET push/me answers `list` (one reply per call, the last repeated), POST push/test `test`. */
async function notifier(list: Reply[], test: Reply = { json: { sent: 2, succeeded: 1, failed: 1 } }) {
  return startApi((req: ReceivedRequest) => {
    if (req.path === '/api/push/test') return test;
    return (list.length > 1 ? list.shift() : list[0]) ?? { status: 500 };
  });
}

function renderPanel() {
  const user = userEvent.setup();
  render(<PushSubscriptionsPanel timeZone="UTC" />);
  return { user };
}

const rows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);

describe('PushSubscriptionsPanel', () => {
  it("lists the user's subscriptions, marking this device's, with its push service and times", async () => {
    await notifier([{ json: { subscriptions: [ours(), theirs] } }]);
    renderPanel();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows().map(cells)).toEqual([
      [
        `${PUSH_TEXT.thisDevice}${session.getDeviceId()}`,
        'https://fcm.googleapis.com',
        'May 1, 2026, 10:00 AM',
        'Jun 1, 2026, 2:30 PM',
        'Never',
      ],
      [
        theirs.device_id,
        'https://web.push.apple.com',
        'May 2, 2026, 9:15 AM',
        'Never',
        'Jun 1, 2026, 1:00 PM',
      ],
    ]);
    expect(within(rows()[1] as HTMLElement).queryByText(PUSH_TEXT.thisDevice)).toBeNull();
  });

  it('shows that it is loading until the list comes', async () => {
    const list = held({ json: { subscriptions: [] } });
    const server = await notifier([list.reply]);
    renderPanel();
    expect(screen.getByText(PUSH_TEXT.loadingSubscriptions)).toBeTruthy();
    await waitFor(() => expect(server.on('/api/push/me')).toHaveLength(1));
    expect(screen.getByText(PUSH_TEXT.loadingSubscriptions)).toBeTruthy();
    list.release();
    expect(await screen.findByText(PUSH_TEXT.noSubscriptions)).toBeTruthy();
    expect(screen.queryByText(PUSH_TEXT.loadingSubscriptions)).toBeNull();
  });

  it("says 'No push subscriptions yet.' for an empty list", async () => {
    await notifier([{ json: { subscriptions: [] } }]);
    renderPanel();
    expect(await screen.findByText('No push subscriptions yet.')).toBeTruthy();
  });

  it("shows the server's message when the list fails, and Refresh reads it again", async () => {
    await notifier([
      { status: 503, json: { error: 'unavailable', message: 'The notifier is restarting' } },
      { json: { subscriptions: [theirs] } },
    ]);
    const { user } = renderPanel();
    expect((await screen.findByRole('alert')).textContent).toBe('The notifier is restarting');
    await user.click(screen.getByRole('button', { name: PUSH_TEXT.refresh }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends a test push, tells how it went, and reads the list again', async () => {
    const server = await notifier([
      { json: { subscriptions: [ours()] } },
      { json: { subscriptions: [{ ...ours(), last_success_at: '2026-06-01T15:00:00.000Z' }] } },
    ]);
    const { user } = renderPanel();
    await waitFor(() => expect(rows()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: PUSH_TEXT.sendTest }));
    expect(await screen.findByText('Sent to 2 devices: 1 delivered, 1 failed.')).toBeTruthy();
    await waitFor(() => expect(cells(rows()[0] as HTMLElement)[3]).toBe('Jun 1, 2026, 3:00 PM'));
    expect(server.on('/api/push/test').map((r) => [r.method, r.headers.authorization])).toEqual([
      ['POST', `Bearer ${USER_TOKEN}`],
    ]);
  });

  it("shows the server's message when the test push fails", async () => {
    await notifier([{ json: { subscriptions: [] } }], {
      status: 404,
      json: { error: 'not_found', message: 'This account has no push subscriptions' },
    });
    const { user } = renderPanel();
    await screen.findByText(PUSH_TEXT.noSubscriptions);
    await user.click(screen.getByRole('button', { name: PUSH_TEXT.sendTest }));
    expect((await screen.findByRole('alert')).textContent).toBe('This account has no push subscriptions');
  });

  it('words one device in the singular', () => {
    expect(PUSH_TEXT.testResult({ sent: 1, succeeded: 1, failed: 0 })).toBe(
      'Sent to 1 device: 1 delivered, 0 failed.',
    );
  });

  it("formats times in the zone given, 'Never' for none, and an unreadable one as it came", () => {
    expect(formatWhen('2026-06-01T14:30:00.000Z', 'America/Chicago')).toBe('2026-06-01 09:30');
    expect(formatWhen('2026-06-01T14:30:00.000Z', 'America/Chicago', 'en-US')).toBe('Jun 1, 2026, 9:30 AM');
    expect(formatWhen('2026-06-01T14:30:00.000Z', 'America/Chicago', 'en-GB')).toBe('1 Jun 2026, 09:30');
    expect(formatWhen(null, 'UTC')).toBe('Never');
    expect(formatWhen('soon', 'UTC')).toBe('soon');
  });
});
