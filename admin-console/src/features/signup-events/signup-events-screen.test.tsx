import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SignupEventsPageQuery } from '@pitclock/contracts/schemas';
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

const render = (server: SignupServer, path: string | string[] = '/admin/signup-events') =>
  renderScreen(<SignupEventsScreen />, clientFor(server), path);

/** The e-mails of the rows shown, in order. */
function shownEmails() {
  const table = screen.getByRole('table', { name: 'Signup events' });
  return within(table)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);
}

const lastQuery = (server: SignupServer) => server.queries().at(-1);
const countText = () => document.querySelector('.admin-list__count')?.textContent;
const header = (name: string) =>
  within(screen.getByRole('table', { name: 'Signup events' })).getByRole('columnheader', { name });

describe('Signup events screen', () => {
  it('lists the events newest first with email, IP, outcome, platform and local time, and counts them', async () => {
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
    expect(countText()).toBe('2 events');
    expect(screen.queryByRole('navigation', { name: 'Pages of signup events' })).toBeNull();
    expect(header('When').getAttribute('aria-sort')).toBe('descending');
  });

  it('asks for the first page of 100, newest first, without filters', async () => {
    const server = await start();
    render(server);
    await screen.findByRole('table', { name: 'Signup events' });
    expect(server.queries()).toEqual([{ sort: '-created_at', limit: '100' }]);
  });

  it("shows 'No signup events found.' when there are none", async () => {
    const server = await start([]);
    render(server);
    expect(await screen.findByRole('heading', { name: 'No signup events found.' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('No signup events match these filters.')).toBeNull();
  });

  it('sends the filters as the query the service expects (dates as the bounds of local days), keeps them in the URL, and shows its answer', async () => {
    const server = await start(
      signupEvents(30, (id) =>
        id === 7 ? { email: 'Ann.Smith@Example.com', ip: '10.1.1.1', platform: 'iOS' } : {},
      ),
    );
    server.events.find((event) => event.id === 7)!.outcome = 'error';
    server.events.find((event) => event.id === 7)!.created_at = new Date(2026, 4, 2, 23, 30).toISOString();
    const { user, search } = render(server);
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
      sort: '-created_at',
      limit: '100',
      email: 'ann.smith',
      outcome: 'error',
      ip: '10.1.1.1',
      platform: 'ios',
      from: new Date(2026, 4, 1).toISOString(),
      to: new Date(new Date(2026, 4, 3).getTime() - 1).toISOString(),
    });
    expect(SignupEventsPageQuery.safeParse(query).success).toBe(true);
    expect(Object.fromEntries(search())).toEqual({
      email: 'ann.smith',
      outcome: 'error',
      ip: '10.1.1.1',
      platform: 'ios',
      from: '2026-05-01',
      to: '2026-05-02',
    });
  });

  it('Enter in a filter searches; Clear drops every filter', async () => {
    const server = await start();
    const { user, search } = render(server);
    await screen.findByRole('table', { name: 'Signup events' });
    await user.type(screen.getByLabelText('Email'), 'user2{Enter}');
    await waitFor(() => expect(shownEmails()).toEqual(['user2@example.com']));
    expect(lastQuery(server)).toEqual({ sort: '-created_at', limit: '100', email: 'user2' });

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(shownEmails()).toHaveLength(5));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
    expect(search().toString()).toBe('');
  });

  it('says when nothing matches the filters', async () => {
    const server = await start();
    const { user } = render(server);
    await screen.findByRole('table', { name: 'Signup events' });
    await user.type(screen.getByLabelText('Email'), 'nobody{Enter}');
    expect(await screen.findByRole('heading', { name: 'No signup events found.' })).toBeTruthy();
    expect(screen.getByText('No signup events match these filters.')).toBeTruthy();
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

  it('searches part of the e-mail or the IP on the server, under q', async () => {
    const server = await start(signupEvents(30, (id) => (id === 12 ? { ip: '192.0.2.55' } : {})));
    const { user, search } = render(server);
    await screen.findByRole('table', { name: 'Signup events' });
    await user.type(screen.getByRole('searchbox', { name: 'Search events' }), '192.0.2');
    await waitFor(() => expect(shownEmails()).toEqual(['user12@example.com']));
    expect(lastQuery(server)).toEqual({ q: '192.0.2', sort: '-created_at', limit: '100' });
    expect(search().toString()).toBe('q=192.0.2');
    await user.clear(screen.getByRole('searchbox', { name: 'Search events' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search events' }), 'zzz{Enter}');
    expect(await screen.findByText('No signup events match "zzz".')).toBeTruthy();
  });

  it('pages by 100: Next and Previous walk the pages with the count; Back goes back', async () => {
    const server = await start(signupEvents(230));
    const { user, search, back } = render(server);
    await screen.findByRole('table', { name: 'Signup events' });
    expect(shownEmails()).toHaveLength(100);
    expect(shownEmails()[0]).toBe('user230@example.com');
    expect(countText()).toBe('230 events');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(shownEmails()[0]).toBe('user130@example.com'));
    expect(lastQuery(server)?.cursor).toBe(search().get('cursor'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(shownEmails()).toHaveLength(30));
    expect(shownEmails().at(-1)).toBe('user1@example.com');
    expect(screen.getByRole('button', { name: 'Next' }).getAttribute('aria-disabled')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(shownEmails()[0]).toBe('user130@example.com'));
    await back();
    await waitFor(() => expect(shownEmails()).toHaveLength(30));
    await back();
    await back();
    await waitFor(() => expect(shownEmails()[0]).toBe('user230@example.com'));
  });

  it('a filtered list pages with its filters', async () => {
    const server = await start(signupEvents(400));
    const { user } = render(server);
    await screen.findByRole('table', { name: 'Signup events' });
    await user.selectOptions(screen.getByLabelText('Outcome'), 'success');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(lastQuery(server)).toEqual({ sort: '-created_at', limit: '100', outcome: 'success' }),
    );
    await waitFor(() => expect(countText()).toBe('267 events'));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery(server)?.cursor).toBeDefined());
    expect(lastQuery(server)).toMatchObject({ outcome: 'success', limit: '100' });
  });

  it('sorts by a column header, a second click reversing it', async () => {
    const server = await start(signupEvents(12));
    const { user, search } = render(server);
    await screen.findByRole('table', { name: 'Signup events' });
    await user.click(within(header('Email')).getByRole('button'));
    await waitFor(() => expect(header('Email').getAttribute('aria-sort')).toBe('ascending'));
    await waitFor(() =>
      expect(shownEmails().slice(0, 3)).toEqual([
        'user10@example.com',
        'user11@example.com',
        'user12@example.com',
      ]),
    );
    expect(search().get('sort')).toBe('email');
    await user.click(within(header('Email')).getByRole('button'));
    await waitFor(() => expect(shownEmails()[0]).toBe('user9@example.com'));
    expect(search().get('sort')).toBe('-email');
  });

  it('a link with filters and a sort opens that list with the filters in the form; Back restores the filters before', async () => {
    const server = await start(signupEvents(30));
    const { user, back } = render(server, '/admin/signup-events?outcome=error&sort=email');
    await waitFor(() => expect(shownEmails()[0]).toBe('user12@example.com'));
    expect(shownEmails()).toHaveLength(10);
    expect((screen.getByLabelText('Outcome') as HTMLSelectElement).value).toBe('error');
    expect(header('Email').getAttribute('aria-sort')).toBe('ascending');
    expect(server.queries()[0]).toEqual({ sort: 'email', limit: '100', outcome: 'error' });

    await user.type(screen.getByLabelText('Email'), 'user3{Enter}');
    await waitFor(() => expect(shownEmails()).toEqual(['user30@example.com', 'user3@example.com']));
    await back();
    await waitFor(() => expect(shownEmails()).toHaveLength(10));
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Outcome') as HTMLSelectElement).value).toBe('error');
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

  it('a failed Next keeps the events shown, says so and logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = await start(signupEvents(150));
    const { user } = render(server);
    await screen.findByRole('table', { name: 'Signup events' });
    server.override = (req) =>
      req.url.includes('cursor=')
        ? { status: 503, json: { error: 'down', message: 'Try later' } }
        : undefined;
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith('Failed to load signup events', expect.anything()),
    );
    expect(shownEmails()).toHaveLength(100);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('the rows below are from an earlier load');
    expect(alert.textContent).toContain('Try later');
  });
});
