import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { AuditQuery, type AuditEntry } from '@pitclock/contracts/schemas';
import { formatLocalDateTime } from '../../lib/format-time';
import { clientFor, renderScreen } from '../../test/render-admin';
import { AuditScreen } from './audit-screen';
import { auditEntries, auditUser, startAuditServer, type AuditServer } from './test-support';

const servers: AuditServer[] = [];
async function start(seed: Parameters<typeof startAuditServer>[0] = {}) {
  const server = await startAuditServer({
    users: [auditUser(1, 'admin@example.com'), auditUser(100), auditUser(101), auditUser(102)],
    ...seed,
  });
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const render = (server: AuditServer, path: string | string[] = '/admin/audit') =>
  renderScreen(<AuditScreen />, clientFor(server), path);

const table = (caption = 'Accounts audit trail') => screen.findByRole('table', { name: caption });
/** The rows of the table shown (header row left out). */
const rows = (caption = 'Accounts audit trail') =>
  within(screen.getByRole('table', { name: caption }))
    .getAllByRole('row')
    .slice(1);
const cell = (row: HTMLElement, label: string) => row.querySelector(`[data-label="${label}"]`)?.textContent;
/** The Target of each row shown, in order. */
const targets = (caption?: string) => rows(caption).map((row) => cell(row, 'Target'));
const header = (name: string, caption?: string) =>
  within(screen.getByRole('table', { name: caption ?? 'Accounts audit trail' })).getByRole('columnheader', {
    name,
  });
const countText = () => document.querySelector('.admin-list__count')?.textContent;

/** Entries whose target is their id, so the order shown reads off the Target column. */
const numbered = (trail: 'accounts' | 'licensing', count: number) =>
  auditEntries(trail, count, (id) => ({ target_id: `t${id}` }));

describe('Audit trail screen', () => {
  it('shows the accounts trail newest first: when, action, by, concerning, target and the change', async () => {
    const entries: AuditEntry[] = [
      ...auditEntries('accounts', 1, () => ({
        action: 'user.update',
        actor_id: 1,
        subject_user_id: 100,
        target_id: '100',
        before: { name: 'Ann', email: 'a@x.io' },
        after: { email: 'b@x.io', name: 'Ann' },
      })),
      ...auditEntries('accounts', 2, () => ({
        action: 'user.delete',
        actor_id: 77,
        subject_user_id: null,
        target_id: '55',
        before: { email: 'gone@example.com', is_admin: false },
        after: null,
      })).slice(1),
    ];
    const server = await start({ entries: { accounts: entries } });
    render(server);
    expect(screen.getByRole('heading', { level: 1, name: 'Audit Trail' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Accounts' }).getAttribute('aria-selected')).toBe('true');
    await table();
    await waitFor(() => expect(cell(rows()[1]!, 'By')).toBe('admin@example.com'));

    const [deleted, edited] = rows();
    expect(cell(edited!, 'When')).toBe(formatLocalDateTime(entries[0]!.created_at));
    expect(cell(edited!, 'Action')).toBe('User edited');
    expect(cell(edited!, 'Concerning')).toBe('user100@example.com');
    expect(cell(edited!, 'Target')).toBe('100');
    expect(cell(edited!, 'Change')).toBe('email: a@x.io → b@x.io');
    expect(cell(deleted!, 'Action')).toBe('User deleted');
    expect(cell(deleted!, 'By')).toBe('Unknown user');
    expect(cell(deleted!, 'Concerning')).toBe('—');
    const lines = within(deleted!.querySelector('[data-label="Change"]') as HTMLElement).getAllByRole(
      'listitem',
    );
    expect(lines.map((line) => line.textContent)).toEqual([
      'email: gone@example.com → —',
      'is_admin: no → —',
    ]);

    expect(countText()).toBe('2 entries');
    expect(header('When').getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('table').className).toContain('pc-table--stack-below-md');
    expect(server.queries('accounts')).toEqual([{ sort: '-created_at', limit: '50' }]);
    expect(server.queries('licensing')).toEqual([]);
    // Read-only: no buttons in the rows.
    for (const row of rows()) expect(within(row).queryAllByRole('button')).toEqual([]);
  });

  it('looks up the actors and subjects of a page in one request', async () => {
    const server = await start({
      entries: { accounts: auditEntries('accounts', 6, (id) => ({ actor_id: id % 2 === 0 ? 1 : 102 })) },
    });
    render(server);
    await table();
    await waitFor(() => expect(cell(rows()[0]!, 'Concerning')).toMatch(/@example\.com$/));
    expect(server.lookups()).toEqual([{ ids: '1,100,101,102', sort: 'id', limit: '4' }]);
  });

  it('switches trails, each with its own actions, and Back returns to the first', async () => {
    const server = await start({
      entries: { accounts: numbered('accounts', 3), licensing: numbered('licensing', 8) },
    });
    const { user, search, back } = render(server);
    await table();
    const options = () =>
      within(screen.getByLabelText('Action') as HTMLElement)
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(options()).toEqual(['Any action', 'User edited', 'User deleted', 'Admin role changed']);

    await user.click(screen.getByRole('tab', { name: 'Licensing' }));
    await table('Licensing audit trail');
    expect(targets('Licensing audit trail')).toHaveLength(8);
    expect(search().get('trail')).toBe('licensing');
    expect(screen.getByRole('tab', { name: 'Licensing' }).getAttribute('aria-selected')).toBe('true');
    expect(options()).toContain('Device revoked');
    expect(options()).not.toContain('User edited');
    expect(server.queries('licensing')).toEqual([{ sort: '-created_at', limit: '50' }]);

    await back();
    await table();
    expect(targets()).toEqual(['t3', 't2', 't1']);
    expect(search().get('trail')).toBeNull();
  });

  it('moves between the trails with the arrow keys', async () => {
    const server = await start({ entries: { licensing: numbered('licensing', 2) } });
    const { user, search } = render(server);
    await screen.findByRole('heading', { name: 'No audit entries yet.' });
    screen.getByRole('tab', { name: 'Accounts' }).focus();
    await user.keyboard('{ArrowRight}');
    await table('Licensing audit trail');
    expect(search().get('trail')).toBe('licensing');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Licensing' }));
  });

  it('searches on the server, keeps the search in the URL, and says when nothing matches', async () => {
    const server = await start({
      entries: {
        accounts: auditEntries('accounts', 5, (id) => (id === 4 ? { after: { email: 'new@x.io' } } : {})),
      },
    });
    const { user, search } = render(server);
    await table();
    await user.type(screen.getByRole('searchbox', { name: 'Search entries' }), 'NEW@x{Enter}');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(server.queries('accounts').at(-1)).toEqual({ q: 'NEW@x', sort: '-created_at', limit: '50' });
    expect(search().get('accounts.q')).toBe('NEW@x');

    await user.clear(screen.getByRole('searchbox', { name: 'Search entries' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search entries' }), 'zzz{Enter}');
    expect(await screen.findByRole('heading', { name: 'No audit entries match "zzz".' })).toBeTruthy();
    expect(screen.queryByText('No audit entries yet.')).toBeNull();
  });

  it('filters by action, the filter kept in the URL', async () => {
    const server = await start({ entries: { accounts: auditEntries('accounts', 9) } });
    const { user, search } = render(server);
    await table();
    await user.selectOptions(screen.getByLabelText('Action'), 'user.toggle_admin');
    await waitFor(() => expect(rows()).toHaveLength(3));
    for (const row of rows()) expect(cell(row, 'Action')).toBe('Admin role changed');
    expect(server.queries('accounts').at(-1)).toEqual({
      sort: '-created_at',
      limit: '50',
      action: 'user.toggle_admin',
    });
    expect(search().get('accounts.action')).toBe('user.toggle_admin');

    await user.selectOptions(screen.getByLabelText('Action'), '');
    await waitFor(() => expect(rows()).toHaveLength(9));
    expect(search().toString()).toBe('');
  });

  it('says when no entry matches a filter', async () => {
    const server = await start({ entries: { accounts: auditEntries('accounts', 1) } });
    render(server, '/admin/audit?accounts.action=user.delete');
    expect(
      await screen.findByRole('heading', { name: 'No audit entries match these filters.' }),
    ).toBeTruthy();
  });

  it('sorts by time and by action from the headers', async () => {
    const server = await start({ entries: { accounts: numbered('accounts', 6) } });
    const { user, search } = render(server);
    await table();
    await user.click(within(header('Action')).getByRole('button'));
    await waitFor(() => expect(header('Action').getAttribute('aria-sort')).toBe('ascending'));
    // By the action's name, then by id: toggle_admin (3, 6), update (1, 4) and delete (2, 5) in text order.
    await waitFor(() => expect(targets()).toEqual(['t2', 't5', 't3', 't6', 't1', 't4']));
    expect(search().get('accounts.sort')).toBe('action');
    expect(server.queries('accounts').at(-1)).toEqual({ sort: 'action', limit: '50' });

    await user.click(within(header('When')).getByRole('button'));
    await waitFor(() => expect(targets()).toEqual(['t1', 't2', 't3', 't4', 't5', 't6']));
    expect(search().get('accounts.sort')).toBe('created_at');
  });

  it('pages by 50 with Next and Previous, one users lookup a page; Back walks the pages', async () => {
    const server = await start({ entries: { licensing: numbered('licensing', 120) } });
    const caption = 'Licensing audit trail';
    const { user, search, back } = render(server, '/admin/audit?trail=licensing');
    await table(caption);
    expect(targets(caption)).toHaveLength(50);
    expect(targets(caption)[0]).toBe('t120');
    expect(countText()).toBe('120 entries');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(targets(caption)[0]).toBe('t70'));
    expect(server.queries('licensing').at(-1)?.cursor).toBe(search().get('licensing.cursor'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(targets(caption)).toHaveLength(20));
    expect(targets(caption).at(-1)).toBe('t1');
    expect(screen.getByRole('button', { name: 'Next' }).getAttribute('aria-disabled')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(targets(caption)[0]).toBe('t70'));
    await back();
    await waitFor(() => expect(targets(caption)).toHaveLength(20));
    await back();
    await back();
    await waitFor(() => expect(targets(caption)[0]).toBe('t120'));
    expect(search().get('licensing.cursor')).toBeNull();
    const lookups = server.lookups().filter((query) => query.ids !== undefined);
    expect(lookups.length).toBeGreaterThan(0);
    expect(lookups.every((query) => query.ids === '1,100,101,102')).toBe(true);
  });

  it("a link opens that trail's page: its action, sort and one user's actions, with a line saying whose", async () => {
    const server = await start({
      entries: {
        licensing: auditEntries('licensing', 40, (id) => ({
          action: id % 2 === 0 ? 'credits.grant' : 'device.revoke',
          target_id: `t${id}`,
        })),
      },
    });
    const { user, search } = render(
      server,
      '/admin/audit?trail=licensing&subject=101&licensing.action=credits.grant&licensing.sort=created_at',
    );
    const caption = 'Licensing audit trail';
    await table(caption);
    const query = server.queries('licensing')[0]!;
    expect(query).toEqual({
      sort: 'created_at',
      limit: '50',
      action: 'credits.grant',
      subject_user_id: '101',
    });
    expect(AuditQuery.safeParse(query).success).toBe(true);
    // Entries 4, 10, 16...: even, and 101 = 100 + id % 3.
    expect(targets(caption).slice(0, 3)).toEqual(['t4', 't10', 't16']);
    expect((screen.getByLabelText('Action') as HTMLSelectElement).value).toBe('credits.grant');
    expect(header('When', caption).getAttribute('aria-sort')).toBe('ascending');
    const line = await screen.findByText('Showing only the actions concerning', { exact: false });
    await waitFor(() =>
      expect(line.textContent).toBe('Showing only the actions concerning user101@example.com'),
    );
    for (const row of rows(caption)) expect(cell(row, 'Concerning')).toBe('user101@example.com');
    expect(server.lookups()).toEqual([{ ids: '1,101', sort: 'id', limit: '2' }]);

    await user.click(screen.getByRole('button', { name: 'Show all users' }));
    await waitFor(() => expect(targets(caption)).toHaveLength(20));
    expect(screen.queryByText('Showing only the actions concerning', { exact: false })).toBeNull();
    expect(search().get('subject')).toBeNull();
    expect(search().get('licensing.action')).toBe('credits.grant');
    expect(server.queries('licensing').at(-1)).toEqual({
      sort: 'created_at',
      limit: '50',
      action: 'credits.grant',
    });
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Licensing' }));
  });

  it.each([
    [102, 'user102@example.com'],
    [999, 'Unknown user (user 999)'],
  ])('a link to the actions on user %i names them even when there are none', async (id, name) => {
    const server = await start({
      entries: { accounts: auditEntries('accounts', 3, () => ({ subject_user_id: 100 })) },
    });
    render(server, `/admin/audit?subject=${id}`);
    expect(
      await screen.findByRole('heading', { name: 'No audit entries match these filters.' }),
    ).toBeTruthy();
    const line = screen.getByText('Showing only the actions concerning', { exact: false });
    await waitFor(() => expect(line.textContent).toBe(`Showing only the actions concerning ${name}`));
    expect(server.lookups()).toEqual([{ ids: String(id), sort: 'id', limit: '1' }]);
  });

  it("shows 'No audit entries yet.' when a trail has none", async () => {
    const server = await start();
    render(server, '/admin/audit?trail=licensing');
    expect(await screen.findByRole('heading', { name: 'No audit entries yet.' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(server.lookups()).toEqual([]);
  });

  it('says a failed load in a red banner, above the rows of an earlier load when there are some', async () => {
    const server = await start({ entries: { accounts: numbered('accounts', 60) } });
    server.override = (req) =>
      req.path === '/api/admin/audit/accounts' && req.url.includes('cursor=')
        ? { status: 503, json: { error: 'unavailable', message: 'Try later' } }
        : undefined;
    const { user } = render(server);
    await table();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('the rows below are from an earlier load');
    expect(alert.textContent).toContain('Try later');
    expect(targets()).toHaveLength(50);
  });

  it('says a failed first load in place of the list', async () => {
    const server = await start({ entries: { accounts: auditEntries('accounts', 3) } });
    server.override = (req) =>
      req.path === '/api/admin/audit/accounts'
        ? { status: 500, json: { error: 'internal', message: 'Database is down' } }
        : undefined;
    render(server);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load the audit trail');
    expect(alert.textContent).toContain('Database is down');
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('No audit entries yet.')).toBeNull();
  });

  it('when the users lookup fails, says so and shows the users by id', async () => {
    const server = await start({ entries: { accounts: auditEntries('accounts', 2) } });
    server.override = (req) =>
      req.path === '/api/users'
        ? { status: 500, json: { error: 'internal', message: 'Auth is down' } }
        : undefined;
    render(server);
    await table();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load users');
    expect(cell(rows()[0]!, 'By')).toBe('User 1');
    expect(targets()).toHaveLength(2);
  });
});
