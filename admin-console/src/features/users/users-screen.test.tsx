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
    expect(b.calls('GET', '/api/users/4/licenses')).toHaveLength(2);
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
      '/api/users/4/licenses',
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
