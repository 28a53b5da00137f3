import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SignupEventsQuery } from '@pitclock/contracts/schemas';
import { formatLocalDateTime } from '../../lib/format-time';
import { clientFor, renderScreen } from '../../test/render-admin';
import { SignupEventsScreen } from './signup-events-screen';
import { signupEvents, startSignupServer, type SignupServer } from './test-support';

const servers: SignupServer[] = [];
async function start(events = signupEvents(5)) {
  const server = await startSignupServer(events);
  servers.push(server);
  return server;
}
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const render = (server: SignupServer) => renderScreen(<SignupEventsScreen />, clientFor(server));

/** The e-mails of the rows shown, in order. */
function shownEmails() {
  const table = screen.getByRole('table', { name: 'Signup events' });
  return within(table)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);
}

const lastQuery = (server: SignupServer) => server.queries().at(-1);

describe('Signup events screen', () => {
  it('lists the events newest first with email, IP, outcome, platform and local time', async () => {
    const server = await start(
      signupEvents(2, (id) =>
        id === 2
          ? {
              email: 'ann@example.com',
              ip: '203.0.113.9',
              outcome: 'error',
              reason: 'email_taken',
              platform: 'iOS',
            }
          : {
              email: 'bob@example.com',
              ip: '198.51.100.4',
              outcome: 'success',
              reason: null,
              platform: 'Windows',
            },
      ),
    );
    render(server);
    expect(screen.getByRole('heading', { level: 1, name: 'Signup Events' })).toBeTruthy();
    await screen.findByRole('table', { name: 'Signup events' });
    expect(shownEmails()).toEqual(['ann@example.com', 'bob@example.com']);

    const row = screen.getByRole('rowheader', { name: 'ann@example.com' }).closest('tr')!;
    const cell = (label: string) => row.querySelector(`[data-label="${label}"]`)?.textContent;
    expect(cell('IP')).toBe('203.0.113.9');
    expect(cell('Outcome')).toBe('erroremail_taken');
    expect(cell('Platform')).toBe('iOS');
    expect(cell('When')).toBe(formatLocalDateTime(server.events[1]!.created_at));
    expect(row.closest('table')!.className).toContain('pc-table--stack-below-md');
    expect(screen.getByText('2 events shown')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('asks for the first page of 100 without filters', async () => {
    const server = await start();
    render(server);
    await screen.findByRole('table', { name: 'Signup events' });
    expect(server.queries()).toEqual([{ limit: '100' }]);
  });

  it("shows 'No signup events found.' when there are none", async () => {
    const server = await start([]);
    render(server);
    expect(await screen.findByRole('heading', { name: 'No signup events found.' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('sends the filters as the query the service expects (dates as the bounds of local days) and shows its answer', async () => {
    const server = await start(
      signupEvents(30, (id) =>
        id === 7 ? { email: 'Ann.Smith@Example.com', ip: '10.1.1.1', platform: 'iOS' } : {},
      ),
    );
    server.events.find((event) => event.id === 7)!.outcome = 'error';
    server.events.find((event) => event.id === 7)!.created_at = new Date(2026, 4, 2, 23, 30).toISOString();
    const { user } = render(server);
    await screen.findByRole('table', { name: 'Signup events' });

    await user.type(screen.getByLabelText('Email'), '  ann.smith ');
    await user.selectOptions(screen.getByLabelText('Outcome'), 'error');
    await user.type(screen.getByLabelText('IP'), '10.1.1.1');
    await user.type(screen.getByLabelText('Platform'), 'ios');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-05-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-05-02' } });
    await user.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(shownEmails()).toEqual(['Ann.Smith@Example.com']));
    const query = lastQuery(server);
    expect(query).toEqual({
      email: 'ann.smith',
      outcome: 'error',
      ip: '10.1.1.1',
      platform: 'ios',
      from: new Date(2026, 4, 1).toISOString(),
      to: new Date(new Date(2026, 4, 3).getTime() - 1).toISOString(),
      limit: '100',
    });
    expect(SignupEventsQuery.safeParse(query).success).toBe(true);
  });

  it('Enter in a filter searches; Clear drops every filter', async () => {
    const server = await start();
    const { user } = render(server);
    await screen.findByRole('table', { name: 'Signup events' });
    await user.type(screen.getByLabelText('Email'), 'user2{Enter}');
    await waitFor(() => expect(shownEmails()).toEqual(['user2@example.com']));
    expect(lastQuery(server)).toEqual({ email: 'user2', limit: '100' });

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(shownEmails()).toHaveLength(5));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
  });

  it('refuses To before From beside To and sends nothing', async () => {
    const server = await start();
    const { user } = render(server);
    await screen.findByRole('table', { name: 'Signup events' });
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-05-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-05-01' } });
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const to = screen.getByLabelText('To');
    expect(to.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('To must be on or after From.')).toBeTruthy();
    expect(server.queries()).toHaveLength(1);
  });

  it('pages by 100: Load more asks for before=<last id> and appends, until a short page ends it', async () => {
    const server = await start(signupEvents(230));
    const { user } = render(server);
    await screen.findByRole('table', { name: 'Signup events' });
    expect(shownEmails()).toHaveLength(100);
    expect(shownEmails()[0]).toBe('user230@example.com');
    expect(screen.getByText('100 events shown')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(shownEmails()).toHaveLength(200));
    expect(lastQuery(server)).toEqual({ limit: '100', before: '131' });
    expect(shownEmails()[100]).toBe('user130@example.com');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(shownEmails()).toHaveLength(230));
    expect(lastQuery(server)).toEqual({ limit: '100', before: '31' });
    expect(shownEmails().at(-1)).toBe('user1@example.com');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(new Set(shownEmails()).size).toBe(230);
  });

  it('a filtered list pages with its filters', async () => {
    const server = await start(signupEvents(400));
    const { user } = render(server);
    await screen.findByRole('table', { name: 'Signup events' });
    await user.selectOptions(screen.getByLabelText('Outcome'), 'success');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(lastQuery(server)).toEqual({ outcome: 'success', limit: '100' }));
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(shownEmails()).toHaveLength(200));
    expect(lastQuery(server)).toMatchObject({ outcome: 'success', limit: '100' });
    expect(lastQuery(server)?.before).toBeDefined();
  });

  it('exactly 100 events: Load more finds an empty page and goes away', async () => {
    const server = await start(signupEvents(100));
    const { user } = render(server);
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
    expect(shownEmails()).toHaveLength(100);
    expect(lastQuery(server)).toEqual({ limit: '100', before: '1' });
  });

  it("a failed first load says 'Failed to load signup events' with the server's text, and logs it", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = await start();
    server.override = () => ({ status: 500, json: { error: 'internal', message: 'Database unavailable' } });
    render(server);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load signup events');
    expect(alert.textContent).toContain('Database unavailable');
    expect(screen.queryByRole('heading', { name: 'No signup events found.' })).toBeNull();
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith(
        'Failed to load signup events',
        expect.objectContaining({ status: 500, message: 'Database unavailable' }),
      ),
    );
  });

  it('a failed Refresh keeps the rows shown and says they are from an earlier load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = await start(signupEvents(3));
    const { user } = render(server);
    await screen.findByRole('table', { name: 'Signup events' });
    expect(screen.queryByRole('alert')).toBeNull();
    server.override = () => ({ status: 503, json: { error: 'down', message: 'Try later' } });
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('the rows below are from an earlier load');
    expect(alert.textContent).toContain('Try later');
    expect(shownEmails()).toHaveLength(3);
    // The next load that works takes the message away.
    server.override = null;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(shownEmails()).toHaveLength(3);
  });

  it('a failed Load more keeps the events shown and says so', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = await start(signupEvents(150));
    const { user } = render(server);
    await screen.findByRole('table', { name: 'Signup events' });
    server.override = (req) =>
      req.url.includes('before=')
        ? { status: 503, json: { error: 'down', message: 'Try later' } }
        : undefined;
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith('Failed to load signup events', expect.anything()),
    );
    expect(shownEmails()).toHaveLength(100);
    expect((await screen.findByRole('alert')).textContent).toContain('Try later');
  });
});
