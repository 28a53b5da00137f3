import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { AUTH_MESSAGES, AddCreditsRequest, UpdateUserRequest } from '@pitclock/contracts/schemas';
import { clientFor, renderScreen } from '../../test/render-admin';
import {
  FAKE_NOW,
  USER_TOKEN,
  fakeDevice,
  fakeUser,
  startAdminBackend,
  type AdminBackend,
  type AdminBackendSeed,
} from '../../lib/admin-backend.test-support';
import { formatLocalDateTime } from '../../lib/format-time';
import { UsersScreen } from './users-screen';

let backend: AdminBackend | undefined;
afterEach(async () => {
  await backend?.close();
  backend = undefined;
});

const ADMIN = fakeUser(1, { email: 'admin@example.com', name: 'Ada Admin', is_admin: true });
const PLAIN = fakeUser(2, { email: 'pit@example.com', name: 'Pat Pitmaster' });
const INACTIVE = fakeUser(3, { email: 'gone@example.com', name: 'Gil Gone' });
const ACTIVE = fakeUser(4, { email: 'live@example.com', name: 'Liv Live' });

/** Users 1 and 2 have no device, 3 a revoked one, 4 an active one and 5 credits. */
const SEED: AdminBackendSeed = {
  users: [ADMIN, PLAIN, INACTIVE, ACTIVE],
  devices: [
    fakeDevice(7, 3, { revoked: true, revoked_at: new Date(FAKE_NOW - 1000).toISOString() }),
    fakeDevice(8, 4, { device_name: 'Pit tablet' }),
  ],
  ledger: [[4, 5, 'admin_grant']],
};

async function renderUsers(seed: AdminBackendSeed = SEED, token?: string) {
  const started = await startAdminBackend(seed);
  backend = started;
  const view = renderScreen(<UsersScreen />, clientFor(started.server, token));
  return { ...view, backend: started };
}

/** The users table (plain DOM lookups: role queries over a large table are slow in jsdom). */
function usersTable(): HTMLTableElement {
  const caption = [...document.querySelectorAll('caption')].find((c) => c.textContent === 'Users');
  const table = caption?.closest('table');
  if (!table) throw new Error('no users table');
  return table;
}

function rowElement(email: string): HTMLTableRowElement {
  const row = [...usersTable().querySelectorAll('tbody tr')].find((tr) => tr.textContent?.includes(email));
  if (!row) throw new Error(`no row for ${email}`);
  return row as HTMLTableRowElement;
}

/** The table row of the user with `email`, once it is there. */
const rowOf = (email: string) => waitFor(() => within(rowElement(email)));

/** The text of the cell of `email`'s row under the column `header`. */
async function cellOf(email: string, header: string) {
  const row = await waitFor(() => rowElement(email));
  const headers = [...usersTable().querySelectorAll('thead th')].map((th) => th.textContent);
  return row.querySelectorAll('th, td')[headers.indexOf(header)]?.textContent ?? '';
}

const describedText = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');

describe('Users screen: list', () => {
  it("merges auth's users with licensing's statuses: ID, Email, Name, Admin, Created, License status", async () => {
    const { backend: b } = await renderUsers();
    await waitFor(async () => expect(await cellOf('live@example.com', 'License status')).toBe('active'));
    expect(await cellOf('admin@example.com', 'License status')).toBe('none');
    expect(await cellOf('pit@example.com', 'License status')).toBe('none');
    expect(await cellOf('gone@example.com', 'License status')).toBe('inactive');
    expect(await cellOf('pit@example.com', 'ID')).toBe('2');
    expect(await cellOf('pit@example.com', 'Name')).toBe('Pat Pitmaster');
    expect(await cellOf('admin@example.com', 'Admin')).toContain('yes');
    expect(await cellOf('pit@example.com', 'Admin')).toContain('no');
    expect(await cellOf('pit@example.com', 'Created')).toBe(formatLocalDateTime(PLAIN.created_at));
    expect(b.calls('GET', '/api/licenses/statuses').map((r) => r.url)).toEqual([
      '/api/licenses/statuses?user_ids=1%2C2%2C3%2C4',
    ]);
  });

  it('offers per status: none Edit and Delete, inactive Restore, active Details', async () => {
    await renderUsers();
    const none = await rowOf('pit@example.com');
    await waitFor(() => expect(none.getByRole('button', { name: 'Edit pit@example.com' })).toBeTruthy());
    expect(none.getByRole('button', { name: 'Delete pit@example.com' })).toBeTruthy();
    const inactive = await rowOf('gone@example.com');
    expect(inactive.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Restore gone@example.com',
    ]);
    const active = await rowOf('live@example.com');
    expect(
      active.getByRole('button', { name: 'Details live@example.com' }).getAttribute('aria-expanded'),
    ).toBe('false');
  });

  it("shows 'No users found.' when there are none and does not ask licensing", async () => {
    const { backend: b } = await renderUsers({ users: [] });
    expect(await screen.findByText('No users found.')).toBeTruthy();
    expect(b.calls('GET', '/api/licenses/statuses')).toHaveLength(0);
  });

  it("shows 'Failed to load users' with the server's text", async () => {
    const b = await startAdminBackend(SEED);
    backend = b;
    b.override(
      'GET',
      '/api/users',
      { status: 500, json: { error: 'internal', message: 'Database down' } },
      5,
    );
    renderScreen(<UsersScreen />, clientFor(b.server));
    const alert = (await screen.findByText('Failed to load users')).closest('[role="alert"]');
    expect(alert?.textContent).toContain('Database down');
  });

  it('offers no status action while licensing cannot say the statuses', async () => {
    const b = await startAdminBackend(SEED);
    backend = b;
    b.override(
      'GET',
      '/api/licenses/statuses',
      { status: 503, json: { error: 'x', message: 'Licensing down' } },
      5,
    );
    renderScreen(<UsersScreen />, clientFor(b.server));
    const alert = (await screen.findByText('Failed to load users')).closest('[role="alert"]');
    expect(alert?.textContent).toContain('Licensing down');
    expect(await cellOf('pit@example.com', 'License status')).toBe('—');
    expect((await rowOf('pit@example.com')).queryByRole('button')).toBeNull();
  });
});

describe('Users screen: inline edit and delete (status none)', () => {
  it('edits display name and e-mail inline; Save sends them trimmed and the row shows the stored values', async () => {
    const { user, backend: b } = await renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Edit pit@example.com' }));
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(document.activeElement).toBe(email);
    await user.clear(email);
    await user.type(email, '  pat@example.com ');
    const name = screen.getByRole('textbox', { name: 'Display name' });
    await user.clear(name);
    await user.type(name, ' Pat Smoke ');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull());
    expect(await cellOf('pat@example.com', 'Name')).toBe('Pat Smoke');
    const [sent] = b.calls('PATCH', '/api/users/2');
    expect(sent?.json).toEqual({ display_name: 'Pat Smoke', email: 'pat@example.com' });
    expect(UpdateUserRequest.safeParse(sent?.json).success).toBe(true);
    expect(b.state.users.find((u) => u.id === 2)).toMatchObject({
      name: 'Pat Smoke',
      email: 'pat@example.com',
    });
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit pat@example.com' })),
    );
  });

  it('shows the signup rules beside the fields and sends nothing while they fail', async () => {
    const { user, backend: b } = await renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Edit pit@example.com' }));
    const email = screen.getByRole('textbox', { name: 'Email' });
    const name = screen.getByRole('textbox', { name: 'Display name' });
    await user.clear(email);
    await user.type(email, 'not-an-address');
    await user.clear(name);
    await user.type(name, ' A ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(describedText(email)).toContain('Enter a valid email address');
    expect(describedText(name)).toContain('Name must be at least 2 characters');
    expect(b.calls('PATCH', '/api/users/2')).toHaveLength(0);

    await user.type(name, 'l');
    expect(describedText(name)).not.toContain('Name must be at least 2 characters');
  });

  it("shows the server's 'e-mail taken' beside Email and keeps the edit open", async () => {
    const { user, backend: b } = await renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Edit pit@example.com' }));
    const email = screen.getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'LIVE@example.com{Enter}');
    await waitFor(() => expect(describedText(email)).toContain('An account with this email already exists.'));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(b.calls('PATCH', '/api/users/2')).toHaveLength(1);
    expect(b.state.users.find((u) => u.id === 2)?.email).toBe('pit@example.com');
  });

  it("the server's 'e-mail taken' goes once either field is edited", async () => {
    const { user } = await renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Edit pit@example.com' }));
    const email = screen.getByRole('textbox', { name: 'Email' });
    await user.clear(email);
    await user.type(email, 'LIVE@example.com{Enter}');
    await waitFor(() => expect(describedText(email)).toContain('An account with this email already exists.'));
    await user.type(screen.getByRole('textbox', { name: 'Display name' }), 'x');
    expect(describedText(email)).not.toContain('An account with this email already exists.');
    expect(email.getAttribute('aria-invalid')).toBeNull();
  });

  it('Escape cancels the edit without sending anything', async () => {
    const { user, backend: b } = await renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Edit pit@example.com' }));
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'x{Escape}');
    expect(screen.queryByRole('textbox', { name: 'Email' })).toBeNull();
    expect(await cellOf('pit@example.com', 'Email')).toBe('pit@example.com');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit pit@example.com' }));
    expect(b.calls('PATCH', '/api/users/2')).toHaveLength(0);
  });

  it("Delete asks 'Delete this user?'; Cancel keeps the user, confirming deletes and the row goes", async () => {
    const { user, backend: b } = await renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Delete pit@example.com' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Delete this user?' });
    expect(dialog.textContent).toContain('pit@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(b.calls('DELETE', '/api/users/2')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete pit@example.com' }));
    dialog = screen.getByRole('alertdialog', { name: 'Delete this user?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('pit@example.com')).toBeNull());
    expect(b.calls('DELETE', '/api/users/2')).toHaveLength(1);
    expect(b.state.users.map((u) => u.id)).toEqual([1, 3, 4]);
  });

  it("a refused delete says 'Failed to delete' with the server's text in the row", async () => {
    const { user, backend: b } = await renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Delete pit@example.com' }));
    // Another admin deleted the user meanwhile: the server no longer knows them.
    b.state.users = b.state.users.filter((u) => u.email !== 'pit@example.com');
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    const row = await rowOf('pit@example.com');
    await waitFor(() =>
      expect(row.getByRole('alert').textContent).toBe(`Failed to delete: ${AUTH_MESSAGES.userNotFound}`),
    );
  });

  it("is disabled on one's own row, with the reason beside it, and asks nothing", async () => {
    const { user, backend: b } = await renderUsers();
    const own = await waitFor(() => {
      const button = screen.getByRole('button', { name: 'Delete admin@example.com' });
      expect(button.hasAttribute('disabled')).toBe(true);
      return button;
    });
    expect(describedText(own)).toBe('You cannot delete your own account.');
    await user.click(own);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(b.calls('DELETE', '/api/users/1')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Delete pit@example.com' }).hasAttribute('disabled')).toBe(
      false,
    );
  });
});

describe('Users screen: restore (status inactive)', () => {
  it("restores the user's revoked device: 'Restored', and the status turns active", async () => {
    const { user, backend: b } = await renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Restore gone@example.com' }));
    expect(await screen.findByText('Restored')).toBeTruthy();
    await waitFor(async () => expect(await cellOf('gone@example.com', 'License status')).toBe('active'));
    expect(
      (await rowOf('gone@example.com')).getByRole('button', { name: 'Details gone@example.com' }),
    ).toBeTruthy();
    expect(b.calls('POST', '/api/users/3/licenses/7/restore')).toHaveLength(1);
    expect(b.state.devices.find((d) => d.device_id === 7)?.revoked).toBe(false);
  });

  it("says 'No device to restore' when the user has no revoked device, and restores nothing", async () => {
    const expired = fakeDevice(9, 3, { license_expires_at: new Date(FAKE_NOW - 1000).toISOString() });
    const { user, backend: b } = await renderUsers({ ...SEED, devices: [expired] });
    await user.click(await screen.findByRole('button', { name: 'Restore gone@example.com' }));
    const row = await rowOf('gone@example.com');
    await waitFor(() => expect(row.getByRole('alert').textContent).toBe('No device to restore'));
    expect(b.calls('POST', '/api/users/3/licenses/9/restore')).toHaveLength(0);
  });

  it("shows the server's 'No device to restore' when it refuses", async () => {
    const { user, backend: b } = await renderUsers();
    b.override('POST', '/api/users/3/licenses/7/restore', {
      status: 404,
      json: { error: 'not_found', message: 'No device to restore' },
    });
    await user.click(await screen.findByRole('button', { name: 'Restore gone@example.com' }));
    const row = await rowOf('gone@example.com');
    await waitFor(() =>
      expect(row.getByRole('alert').textContent).toBe('Failed to restore: No device to restore'),
    );
  });
});

describe('Users screen: details (status active)', () => {
  async function openDetails() {
    const view = await renderUsers();
    await view.user.click(await screen.findByRole('button', { name: 'Details live@example.com' }));
    const panel = await screen.findByRole('region', { name: 'Details: live@example.com' });
    await within(panel).findByText('Credit balance:', { exact: false });
    return { ...view, panel: within(panel) };
  }
  const balanceText = () => screen.getByText('Credit balance:', { exact: false }).textContent;

  it('expands a details row with credit balance, add credits (default 10, min 1), devices with last seen, and the ledger', async () => {
    const { panel } = await openDetails();
    expect(
      screen.getByRole('button', { name: 'Details live@example.com' }).getAttribute('aria-expanded'),
    ).toBe('true');
    expect(document.activeElement).toBe(panel.getByRole('heading', { name: 'Details: live@example.com' }));
    expect(balanceText()).toBe('Credit balance: 5');
    const amount = panel.getByRole('spinbutton', { name: 'Credits to add' }) as HTMLInputElement;
    expect(amount.value).toBe('10');
    expect(amount.min).toBe('1');
    const devices = panel.getByRole('table', { name: 'Devices' });
    expect(devices.textContent).toContain('Pit tablet');
    expect(devices.querySelector('time')?.getAttribute('dateTime')).toBe(SEED.devices?.[1]?.last_seen);
    expect(panel.getByRole('table', { name: 'Recent ledger' }).textContent).toContain('+5');
    // A row of its own, right under the user's row.
    const detailsRow = screen.getByRole('region', { name: 'Details: live@example.com' }).closest('tr');
    expect(detailsRow?.previousElementSibling?.textContent).toContain('live@example.com');
  });

  it("adds 10 credits by default: 'Credits added', and the balance and ledger refetch", async () => {
    const { user, panel, backend: b } = await openDetails();
    await user.click(panel.getByRole('button', { name: 'Add credits' }));
    expect(await panel.findByText('Credits added')).toBeTruthy();
    await waitFor(() => expect(balanceText()).toBe('Credit balance: 15'));
    const ledgerRows = within(panel.getByRole('table', { name: 'Recent ledger' })).getAllByRole('row');
    expect(ledgerRows[1]?.textContent).toContain('+10');
    expect(ledgerRows[1]?.textContent).toContain('admin_grant');
    const sent = b.calls('POST', '/api/users/4/credits').map((r) => AddCreditsRequest.parse(r.json));
    expect(sent).toEqual([{ amount: 10 }]);
    // The ledger page (with the balance) was asked for once, and again after the credits changed.
    expect(b.calls('GET', '/api/licenses/credits').map((r) => r.url)).toEqual([
      '/api/licenses/credits?sort=-id&limit=20&user_id=4',
      '/api/licenses/credits?sort=-id&limit=20&user_id=4',
    ]);
  });

  it.each(['', '0', '-3'])(
    "refuses the amount %j with 'Enter an amount > 0' and sends nothing",
    async (typed) => {
      const { user, panel, backend: b } = await openDetails();
      const amount = panel.getByRole('spinbutton', { name: 'Credits to add' });
      await user.clear(amount);
      if (typed !== '') await user.type(amount, typed);
      expect(describedText(amount)).toContain('Enter an amount > 0');
      await user.click(panel.getByRole('button', { name: 'Add credits' }));
      expect(b.calls('POST', '/api/users/4/credits')).toHaveLength(0);
    },
  );

  it("revokes a device after 'Revoke this device license?'; the device turns Revoked and the user inactive", async () => {
    const { user, panel, backend: b } = await openDetails();
    await user.click(panel.getByRole('button', { name: 'Revoke Pit tablet' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Revoke this device license?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(panel.getByRole('table', { name: 'Devices' }).textContent).toContain('Revoked'),
    );
    expect(panel.queryByRole('button', { name: 'Revoke Pit tablet' })).toBeNull();
    await waitFor(async () => expect(await cellOf('live@example.com', 'License status')).toBe('inactive'));
    expect(b.calls('POST', '/api/users/4/licenses/8/revoke')).toHaveLength(1);
  });

  it("shows 'Failed to load user details' when the details cannot be read", async () => {
    const { user, backend: b } = await renderUsers();
    b.override(
      'GET',
      '/api/licenses/credits',
      { status: 500, json: { error: 'internal', message: 'Boom' } },
      5,
    );
    await user.click(await screen.findByRole('button', { name: 'Details live@example.com' }));
    const alert = (await screen.findByText('Failed to load user details')).closest('[role="alert"]');
    expect(alert?.textContent).toContain('Boom');
  });

  it('Details again (or Close details) collapses the panel', async () => {
    const { user } = await openDetails();
    await user.click(screen.getByRole('button', { name: 'Close details' }));
    expect(screen.queryByRole('region', { name: 'Details: live@example.com' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Details live@example.com' }));
    await screen.findByRole('region', { name: 'Details: live@example.com' });
    await user.click(screen.getByRole('button', { name: 'Details live@example.com' }));
    expect(screen.queryByRole('region', { name: 'Details: live@example.com' })).toBeNull();
  });
});

describe('Users screen: admin toggle', () => {
  const switchOf = (email: string) => screen.getByRole('switch', { name: `Admin ${email}` });

  it("is disabled on one's own row with 'Cannot change own role'", async () => {
    await renderUsers();
    await waitFor(() => expect(switchOf('pit@example.com').hasAttribute('disabled')).toBe(false));
    const own = switchOf('admin@example.com');
    expect(own.hasAttribute('disabled')).toBe(true);
    expect(own.getAttribute('title')).toBe('Cannot change own role');
    expect(describedText(own)).toBe('Cannot change own role');
    expect(own.getAttribute('aria-checked')).toBe('true');
  });

  it('toggles another user and shows the stored role after the refetch', async () => {
    const { user, backend: b } = await renderUsers();
    await waitFor(() => expect(switchOf('pit@example.com').hasAttribute('disabled')).toBe(false));
    expect(switchOf('pit@example.com').getAttribute('aria-checked')).toBe('false');
    await user.click(switchOf('pit@example.com'));
    await waitFor(() => expect(switchOf('pit@example.com').getAttribute('aria-checked')).toBe('true'));
    expect(await cellOf('pit@example.com', 'Admin')).toContain('yes');
    expect(b.calls('POST', '/api/users/2/toggle-admin')).toHaveLength(1);
    expect(b.state.users.find((u) => u.id === 2)?.is_admin).toBe(true);
  });

  it("shows the server's 409 in the row and keeps the role", async () => {
    const { user, backend: b } = await renderUsers();
    b.override('POST', '/api/users/2/toggle-admin', {
      status: 409,
      json: { error: 'last_admin', message: 'At least one admin must remain.' },
    });
    await waitFor(() => expect(switchOf('pit@example.com').hasAttribute('disabled')).toBe(false));
    await user.click(switchOf('pit@example.com'));
    const row = await rowOf('pit@example.com');
    await waitFor(() =>
      expect(row.getByRole('alert').textContent).toBe(
        'Failed to toggle admin: At least one admin must remain.',
      ),
    );
    expect(switchOf('pit@example.com').getAttribute('aria-checked')).toBe('false');
  });

  it("is disabled on every row with 'Admin only' for a viewer who is not an admin", async () => {
    await renderUsers(SEED, USER_TOKEN);
    await waitFor(() => expect(switchOf('live@example.com').getAttribute('title')).toBe('Admin only'));
    for (const email of ['admin@example.com', 'pit@example.com', 'gone@example.com', 'live@example.com']) {
      expect(switchOf(email).hasAttribute('disabled')).toBe(true);
      expect(switchOf(email).getAttribute('title')).toBe('Admin only');
    }
  });
});

describe('Users screen: search, sort and pages (in the URL)', () => {
  /** 120 users: user1@example.com … user120@example.com, with the admin first. */
  const MANY: AdminBackendSeed = {
    users: [ADMIN, ...Array.from({ length: 119 }, (_, index) => fakeUser(index + 2))],
  };

  async function renderMany(path: string | string[] = '/admin/users', seed = MANY) {
    const started = await startAdminBackend(seed);
    backend = started;
    const view = renderScreen(<UsersScreen />, clientFor(started.server), path);
    await waitFor(() => usersTable());
    return { ...view, backend: started };
  }

  /** The ids of the rows shown, in order. */
  const shownIds = () =>
    [...usersTable().querySelectorAll('tbody th[scope="row"]')].map((cell) => Number(cell.textContent));
  const usersCalls = (b: AdminBackend) =>
    b.calls('GET', '/api/users').map((r) => Object.fromEntries(new URL(r.url, 'http://x').searchParams));
  const countText = () => document.querySelector('.admin-list__count')?.textContent;
  const header = (name: string) => within(usersTable()).getByRole('columnheader', { name });

  it('asks for pages of 50 (always with sort and limit), counts them, and Next and Previous walk them', async () => {
    const { user, backend: b, search, lastNavigation } = await renderMany();
    expect(usersCalls(b)).toEqual([{ sort: 'id', limit: '50' }]);
    expect(countText()).toBe('120 users');
    expect(shownIds()).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
    const previous = screen.getByRole('button', { name: 'Previous' });
    expect(previous.getAttribute('aria-disabled')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(shownIds()[0]).toBe(51));
    expect(shownIds()).toHaveLength(50);
    expect(lastNavigation()).toBe('PUSH');
    expect(search().get('cursor')).toBe(usersCalls(b).at(-1)?.cursor);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(shownIds()).toEqual(Array.from({ length: 20 }, (_, index) => index + 101)));
    expect(screen.getByRole('button', { name: 'Next' }).getAttribute('aria-disabled')).toBe('true');

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(shownIds()[0]).toBe(51));
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(shownIds()[0]).toBe(1));
    expect(screen.getByRole('button', { name: 'Previous' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('searches e-mail, name or id on the server once typing pauses, on the first page, without a history entry per keystroke', async () => {
    const { user, backend: b, search, back } = await renderMany(['/admin/elsewhere', '/admin/users']);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(shownIds()[0]).toBe(51));
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'user11');
    await waitFor(() => expect(shownIds()).toEqual([11, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119]));
    expect(countText()).toBe('11 users');
    expect(search().toString()).toBe('q=user11');
    const searches = usersCalls(b).filter((query) => query.q !== undefined);
    expect(searches.map((query) => query.q)).toEqual(['user11']);
    expect(searches[0]).toEqual({ q: 'user11', sort: 'id', limit: '50' });
    // The search took the place of the page it was typed on: Back goes to the page before it.
    await back();
    await waitFor(() => expect(shownIds()[0]).toBe(1));
    expect(search().toString()).toBe('');
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveProperty('value', '');
  });

  it("an empty search says 'No users match' under 'No users found.'; the clear button shows every user again", async () => {
    const { user, search } = await renderMany();
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'zzz{Enter}');
    expect(await screen.findByRole('heading', { name: 'No users found.' })).toBeTruthy();
    expect(screen.getByText('No users match "zzz".')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    await waitFor(() => expect(shownIds()).toHaveLength(50));
    expect(search().toString()).toBe('');
  });

  it('sorts by a column header (aria-sort), and a second click reverses it; each sort is a history entry', async () => {
    const { user, backend: b, search, back, lastNavigation } = await renderMany();
    expect(header('ID').getAttribute('aria-sort')).toBe('ascending');
    await user.click(within(header('Email')).getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(header('Email').getAttribute('aria-sort')).toBe('ascending'));
    expect(header('ID').getAttribute('aria-sort')).toBeNull();
    expect(search().get('sort')).toBe('email');
    expect(lastNavigation()).toBe('PUSH');
    // In code-point order, as the services' lower(email): 'user100@' before 'user10@'.
    await waitFor(() => expect(shownIds().slice(0, 4)).toEqual([1, 100, 101, 102]));
    expect(usersCalls(b).at(-1)).toEqual({ sort: 'email', limit: '50' });

    await user.click(within(header('Email')).getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(header('Email').getAttribute('aria-sort')).toBe('descending'));
    expect(search().get('sort')).toBe('-email');
    await waitFor(() => expect(shownIds().slice(0, 3)).toEqual([9, 99, 98]));

    await back();
    await waitFor(() => expect(header('Email').getAttribute('aria-sort')).toBe('ascending'));
    await waitFor(() => expect(shownIds()[0]).toBe(1));
  });

  it('a new sort goes back to the first page', async () => {
    const { user, search } = await renderMany();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(shownIds()[0]).toBe(51));
    await user.click(within(header('Created')).getByRole('button', { name: 'Created' }));
    await waitFor(() => expect(shownIds()[0]).toBe(120));
    expect(search().toString()).toBe('sort=created_at');
  });

  it('a link to a searched, sorted page opens that page; Back and Forward walk the pages', async () => {
    const first = await renderMany();
    await first.user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'example{Enter}');
    await waitFor(() => expect(first.search().get('q')).toBe('example'));
    await first.user.click(within(header('Name')).getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(header('Name').getAttribute('aria-sort')).toBe('ascending'));
    await waitFor(() => expect(shownIds().slice(0, 3)).toEqual([1, 10, 100]));
    await first.user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(shownIds()[0]).not.toBe(1));
    expect(first.search().get('cursor')).toBeTruthy();
    expect(countText()).toBe('120 users');
    const expected = shownIds();
    const link = `/admin/users?${first.search().toString()}`;
    first.unmount();
    await first.backend.close();

    const opened = await renderMany(link);
    await waitFor(() => expect(shownIds()).toEqual(expected));
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveProperty('value', 'example');
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    expect(usersCalls(opened.backend)[0]).toMatchObject({ q: 'example', sort: 'name', limit: '50' });
  });

  it("says '10,000+ users' style counts when the server stops counting", async () => {
    await renderMany('/admin/users', { ...MANY, totalCap: 100 });
    expect(countText()).toBe('100+ users');
  });

  it('a failed page keeps the rows shown and says they are from an earlier load', async () => {
    const { user, backend: b } = await renderMany();
    b.override('GET', '/api/users', { status: 503, json: { error: 'down', message: 'Auth is down' } }, 5);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const alert = await screen.findByText('Failed to load users: the rows below are from an earlier load.');
    expect(alert.closest('[role="alert"]')?.textContent).toContain('Auth is down');
    expect(shownIds()[0]).toBe(1);
  });

  it('asks licensing for the statuses of the page shown only', async () => {
    const { user, backend: b } = await renderMany();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(shownIds()[0]).toBe(51));
    const asked = () => b.calls('GET', '/api/licenses/statuses').map((r) => new URL(r.url, 'http://x'));
    await waitFor(() => expect(asked()).toHaveLength(2));
    const lengths = asked().map((url) => url.searchParams.get('user_ids')?.split(',').length);
    expect(lengths).toEqual([50, 50]);
    expect(asked()[1]?.searchParams.get('user_ids')?.startsWith('51,52,')).toBe(true);
  });

  it('keeps the open details in the URL: a link opens them, Back closes them', async () => {
    const { user, search, back } = await renderUsers();
    await user.click(await screen.findByRole('button', { name: 'Details live@example.com' }));
    await screen.findByRole('region', { name: 'Details: live@example.com' });
    expect(search().get('details')).toBe('4');
    await back();
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Details: live@example.com' })).toBeNull(),
    );
  });
});

describe('Users screen: the details lists (devices with owners, ledger) are pages of their own', () => {
  const DEVICES = Array.from({ length: 12 }, (_, index) =>
    fakeDevice(index + 1, 4, { device_name: `Tablet ${index + 1}` }),
  );
  const LEDGER: AdminBackendSeed['ledger'] = Array.from({ length: 25 }, (_, index) => [
    4,
    index + 1,
    index % 5 === 0 ? 'activation' : 'admin_grant',
  ]);

  async function renderDetails(path = '/admin/users?details=4') {
    const started = await startAdminBackend({
      ...SEED,
      devices: DEVICES,
      ledger: [...(SEED.ledger ?? []), ...(LEDGER ?? [])],
    });
    backend = started;
    const view = renderScreen(<UsersScreen />, clientFor(started.server), path);
    const panel = within(await screen.findByRole('region', { name: 'Details: live@example.com' }));
    await panel.findByRole('table', { name: 'Devices' });
    return { ...view, backend: started, panel };
  }

  const rowHeaders = (panel: ReturnType<typeof within>, table: string) =>
    within(panel.getByRole('table', { name: table }))
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);

  it("lists the user's devices newest first, 10 a page, each with its owner", async () => {
    const { panel, backend: b } = await renderDetails();
    expect(rowHeaders(panel, 'Devices')).toEqual(['12', '11', '10', '9', '8', '7', '6', '5', '4', '3']);
    const first = within(panel.getByRole('table', { name: 'Devices' })).getAllByRole('row')[1]!;
    await waitFor(() =>
      expect(first.querySelector('[data-label="Owner"]')?.textContent).toBe('live@example.comLiv Live'),
    );
    expect(b.calls('GET', '/api/users').map((r) => r.url)).toContain('/api/users?ids=4&sort=id&limit=1');
    expect(b.calls('GET', '/api/licenses/devices').map((r) => r.url)[0]).toBe(
      '/api/licenses/devices?sort=-device_id&limit=10&user_id=4',
    );
  });

  it('pages, searches and sorts the devices under devices.* keys, leaving the users list as it is', async () => {
    const { user, panel, search } = await renderDetails();
    const devicesNav = panel.getByRole('navigation', { name: 'Pages of devices' });
    await user.click(within(devicesNav).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(rowHeaders(panel, 'Devices')).toEqual(['2', '1']));
    expect(search().get('devices.cursor')).toBeTruthy();
    expect(search().get('details')).toBe('4');

    await user.type(panel.getByRole('searchbox', { name: 'Search their devices' }), 'tablet 1{Enter}');
    await waitFor(() => expect(rowHeaders(panel, 'Devices')).toEqual(['12', '11', '10', '1']));
    expect(search().get('devices.q')).toBe('tablet 1');
    expect(search().get('devices.cursor')).toBeNull();

    const table = panel.getByRole('table', { name: 'Devices' });
    await user.click(within(table).getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(rowHeaders(panel, 'Devices')).toEqual(['1', '10', '11', '12']));
    expect(search().get('devices.sort')).toBe('device_name');
    expect(search().get('q')).toBeNull();
  });

  it('pages, searches and sorts the ledger under ledger.* keys', async () => {
    const { user, panel, search, back } = await renderDetails();
    await panel.findByRole('table', { name: 'Recent ledger' });
    expect(rowHeaders(panel, 'Recent ledger')).toHaveLength(20);
    const ledgerNav = panel.getByRole('navigation', { name: 'Pages of the ledger' });
    await user.click(within(ledgerNav).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(rowHeaders(panel, 'Recent ledger')).toHaveLength(6));
    expect(search().get('ledger.cursor')).toBeTruthy();
    await back();
    await waitFor(() => expect(rowHeaders(panel, 'Recent ledger')).toHaveLength(20));

    await user.type(panel.getByRole('searchbox', { name: 'Search their ledger' }), 'activation{Enter}');
    await waitFor(() => expect(rowHeaders(panel, 'Recent ledger')).toHaveLength(5));
    const table = panel.getByRole('table', { name: 'Recent ledger' });
    await user.click(within(table).getByRole('button', { name: 'Delta' }));
    await waitFor(() =>
      expect(within(table).getAllByRole('row')[1]?.querySelector('[data-label="Delta"]')?.textContent).toBe(
        '+1',
      ),
    );
    expect(search().get('ledger.sort')).toBe('delta');
    expect(search().get('ledger.q')).toBe('activation');
  });

  it('opening other details starts their lists on the first page', async () => {
    const { user, panel, search } = await renderDetails();
    const devicesNav = panel.getByRole('navigation', { name: 'Pages of devices' });
    await user.click(within(devicesNav).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(search().get('devices.cursor')).toBeTruthy());
    await user.click(screen.getByRole('button', { name: 'Details live@example.com' }));
    expect(search().toString()).toBe('');
  });
});
