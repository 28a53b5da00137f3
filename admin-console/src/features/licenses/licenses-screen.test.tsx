import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { API_BASE_GLOBAL } from '@pitclock/contracts';
import { ActivateRequest, AdminAdjustRequest } from '@pitclock/contracts/schemas';
import { clientFor, renderScreen } from '../../test/render-admin';
import {
  fakeDevice,
  fakeUser,
  startAdminBackend,
  type AdminBackend,
  type AdminBackendSeed,
} from '../../lib/admin-backend.test-support';
import { LicensesScreen } from './licenses-screen';

let backend: AdminBackend | undefined;
afterEach(async () => {
  await backend?.close();
  backend = undefined;
  delete (globalThis as Record<string, unknown>)[API_BASE_GLOBAL];
});

const USERS = [
  fakeUser(1, { email: 'admin@example.com', name: 'Ada Admin', is_admin: true }),
  fakeUser(2, { email: 'pit@example.com', name: 'Pat Pitmaster' }),
  fakeUser(3, { email: 'noname@example.com', name: '' }),
];

async function renderLicenses(seed: AdminBackendSeed = {}) {
  const started = await startAdminBackend({ users: USERS, ...seed });
  backend = started;
  const copied: string[] = [];
  const writeText = async (text: string) => {
    copied.push(text);
  };
  const view = renderScreen(<LicensesScreen writeText={writeText} />, clientFor(started.server));
  return { ...view, backend: started, copied };
}

/** The text of the data rows of the table named `name` (header row left out). */
function rowsOf(name: string): string[] {
  const table = screen.getByRole('table', { name });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent ?? '');
}

async function chooseUser(user: ReturnType<typeof renderScreen>['user'], id: number) {
  await user.selectOptions(await screen.findByLabelText('User'), String(id));
}

/** 'Current credits: 5' as shown. */
const balanceText = () => screen.getByText('Current credits:', { exact: false }).textContent;

const adjustment = () => screen.getByLabelText('Adjustment');
const describedText = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ');

describe('Licenses screen: user credits', () => {
  it('lists users by e-mail and name (e-mail alone without a name) and shows nothing until one is chosen', async () => {
    await renderLicenses();
    const select = await screen.findByLabelText('User');
    const options = within(select)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual([
      'Choose a user',
      'admin@example.com — Ada Admin',
      'noname@example.com',
      'pit@example.com — Pat Pitmaster',
    ]);
    expect(screen.getByText('Choose a user to see and adjust their credits.')).toBeTruthy();
    expect(screen.queryByLabelText('Adjustment')).toBeNull();
    expect(backend?.calls('GET', '/api/licenses/credits')).toHaveLength(0);
  });

  it('adjusts credits up and then down; each change says "Credits updated." and refetches balance and ledger', async () => {
    const { user, backend: b } = await renderLicenses({ ledger: [[2, 5, 'admin_grant']] });
    await chooseUser(user, 2);
    expect(await screen.findByText('Current credits:', { exact: false })).toBeTruthy();
    expect(balanceText()).toBe('Current credits: 5');
    expect(rowsOf('Recent ledger')).toHaveLength(1);

    await user.type(adjustment(), '+3');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Credits updated.')).toBeTruthy();
    await waitFor(() => expect(balanceText()).toBe('Current credits: 8'));
    expect(rowsOf('Recent ledger')[0]).toContain('+3');
    expect(rowsOf('Recent ledger')[0]).toContain('admin_adjust');
    expect((adjustment() as HTMLInputElement).value).toBe('');

    await user.type(adjustment(), '-8');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(balanceText()).toBe('Current credits: 0'));
    expect(rowsOf('Recent ledger')).toHaveLength(3);
    expect(rowsOf('Recent ledger')[0]).toContain('-8');

    const sent = b
      .calls('POST', '/api/licenses/credits/admin-adjust')
      .map((r) => AdminAdjustRequest.parse(r.json));
    expect(sent).toEqual([
      { user_id: 2, amount: 3 },
      { user_id: 2, amount: -8 },
    ]);
    expect(b.balance(2)).toBe(0);
    // One load and one refetch per change: the mutation invalidated the user's Credits and Ledger.
    expect(b.calls('GET', '/api/licenses/credits').map((r) => r.url)).toEqual([
      '/api/licenses/credits?sort=-id&limit=20&user_id=2',
      '/api/licenses/credits?sort=-id&limit=20&user_id=2',
      '/api/licenses/credits?sort=-id&limit=20&user_id=2',
    ]);
  });

  it.each([
    ['', 'Enter a whole number of credits, positive or negative (not 0)'],
    ['0', 'Enter a whole number of credits, positive or negative (not 0)'],
    ['1.5', 'Enter a whole number of credits, positive or negative (not 0)'],
    ['abc', 'Enter a whole number of credits, positive or negative (not 0)'],
    ['2000000', 'Amount must be at most 1000000 in size'],
  ])('refuses the adjustment %j with "%s" beside the field and sends nothing', async (typed, text) => {
    const { user, backend: b } = await renderLicenses();
    await chooseUser(user, 2);
    await screen.findByLabelText('Adjustment');
    if (typed !== '') await user.type(adjustment(), typed);
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(adjustment().getAttribute('aria-invalid')).toBe('true');
    expect(describedText(adjustment())).toContain(text);
    expect(document.activeElement).toBe(adjustment());
    expect(b.calls('POST', '/api/licenses/credits/admin-adjust')).toHaveLength(0);
  });

  it('leaving the adjustment empty shows nothing; left with something typed, its rule shows and follows every keystroke', async () => {
    const { user } = await renderLicenses();
    await chooseUser(user, 2);
    await screen.findByLabelText('Adjustment');
    await user.click(adjustment());
    await user.tab();
    expect(adjustment().getAttribute('aria-invalid')).toBeNull();
    await user.type(adjustment(), '1.');
    expect(adjustment().getAttribute('aria-invalid')).toBeNull();
    await user.tab();
    expect(describedText(adjustment())).toContain(
      'Enter a whole number of credits, positive or negative (not 0)',
    );
    await user.clear(adjustment());
    await user.type(adjustment(), '5');
    expect(adjustment().getAttribute('aria-invalid')).toBeNull();
  });

  it("shows the server's 409 'Credits cannot go below 0.' in a red banner and keeps balance and ledger", async () => {
    const { user, backend: b } = await renderLicenses({ ledger: [[2, 2, 'admin_grant']] });
    await chooseUser(user, 2);
    await screen.findByText('Current credits:', { exact: false });
    await user.type(adjustment(), '-5');
    await user.click(screen.getByRole('button', { name: 'Apply' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to adjust credits');
    expect(alert.textContent).toContain('Credits cannot go below 0.');
    expect(screen.queryByText('Credits updated.')).toBeNull();
    expect(b.balance(2)).toBe(2);
    expect(balanceText()).toBe('Current credits: 2');
    expect(rowsOf('Recent ledger')).toHaveLength(1);
    expect((adjustment() as HTMLInputElement).value).toBe('-5');
  });

  it('shows "Failed to load users" with the server text when the users cannot be listed', async () => {
    const b = await startAdminBackend({ users: USERS });
    backend = b;
    b.override(
      'GET',
      '/api/users',
      { status: 500, json: { error: 'internal', message: 'Database down' } },
      5,
    );
    renderScreen(<LicensesScreen />, clientFor(b.server));
    const credits = within(screen.getByRole('region', { name: 'User credits' }));
    const alert = await credits.findByText('Failed to load users');
    expect(alert.closest('[role="alert"]')?.textContent).toContain('Database down');
    expect(credits.queryByLabelText('User')).toBeNull();
  });
});

describe('Licenses screen: activation codes', () => {
  it('New Code shows the minted code with its expiry; Copy puts it on the clipboard; the body is empty', async () => {
    const { user, copied, backend: b } = await renderLicenses();
    await user.click(screen.getByRole('button', { name: 'New Code' }));
    expect(await screen.findByText('ABCD-2345')).toBeTruthy();
    const expiry = screen.getByText('Expires', { exact: false });
    expect(expiry.querySelector('time')?.getAttribute('dateTime')).toBe(b.state.codes[0]?.expires_at);

    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(copied).toEqual(['ABCD-2345']);
    expect(b.calls('POST', '/api/licenses/codes').map((r) => r.text)).toEqual(['']);

    await user.click(screen.getByRole('button', { name: 'New Code' }));
    expect(await screen.findByText('EFGH-6789')).toBeTruthy();
    expect(screen.queryByText('ABCD-2345')).toBeNull();
  });

  it('New Code mints for the user chosen above, says whose code it is, and that code activates on their credits', async () => {
    const { user, backend: b } = await renderLicenses({ ledger: [[2, 2, 'admin_grant']] });
    await chooseUser(user, 2);
    expect(
      await screen.findByText(
        "A one-time code that activates one device with one of pit@example.com — Pat Pitmaster's credits.",
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New Code' }));
    const minted = await screen.findByRole('status');
    expect(minted.textContent).toContain('Code for pit@example.com — Pat Pitmaster:');
    expect(within(minted).getByText('ABCD-2345')).toBeTruthy();
    expect(b.calls('POST', '/api/licenses/codes').map((r) => r.json)).toEqual([{ user_id: 2 }]);
    expect(b.state.codes[0]?.user_id).toBe(2);

    await user.type(screen.getByRole('textbox', { name: /^Activation code/ }), 'ABCD-2345');
    await user.type(screen.getByRole('textbox', { name: /^Device UID/ }), 'pit-phone');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('Device activated.')).toBeTruthy();
    expect(b.state.devices.find((d) => d.device_uid === 'pit-phone')?.user_id).toBe(2);
  });

  it('choosing another user clears the code shown, so it never shows under their name', async () => {
    const { user } = await renderLicenses();
    await chooseUser(user, 2);
    await user.click(screen.getByRole('button', { name: 'New Code' }));
    await screen.findByText('ABCD-2345');
    await chooseUser(user, 3);
    expect(screen.queryByText('ABCD-2345')).toBeNull();
    expect(
      await screen.findByText(
        "A one-time code that activates one device with one of noname@example.com's credits.",
      ),
    ).toBeTruthy();
  });

  it('a failed mint shows "Failed to mint code" in a red banner', async () => {
    const { user, backend: b } = await renderLicenses();
    b.override('POST', '/api/licenses/codes', {
      status: 503,
      json: { error: 'service_unavailable', message: 'Try again shortly.' },
    });
    await user.click(screen.getByRole('button', { name: 'New Code' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to mint code');
    expect(alert.textContent).toContain('Try again shortly.');
  });
});

describe('Licenses screen: manual device activation', () => {
  const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

  it('Activate without code or device UID says "Code and Device UID are required." and sends nothing', async () => {
    const { user, backend: b } = await renderLicenses();
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Code and Device UID are required.');
    expect(field('Activation code').getAttribute('aria-invalid')).toBe('true');

    await user.type(field('Activation code'), 'ABCD-2345');
    await user.type(field('Device UID'), '   ');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect(screen.getByRole('alert').textContent).toBe('Code and Device UID are required.');
    expect(field('Device UID').getAttribute('aria-invalid')).toBe('true');
    expect(b.calls('POST', '/api/license/activate')).toHaveLength(0);
  });

  it('activates with trimmed values (no empty device name), offers Copy token, and the devices table refetches', async () => {
    const { user, copied, backend: b } = await renderLicenses({ ledger: [[1, 3, 'admin_grant']] });
    await user.click(screen.getByRole('button', { name: 'New Code' }));
    await screen.findByText('ABCD-2345');
    expect(await screen.findByText('No devices registered.')).toBeTruthy();

    await user.type(field('Activation code'), '  abcd-2345 ');
    await user.type(field('Device UID'), ' device-kitchen-tablet ');
    await user.click(screen.getByRole('button', { name: 'Activate' }));

    expect(await screen.findByText('Device activated.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Copy token' }));
    expect(copied).toEqual(['license.for.1']);
    expect((screen.getByLabelText('Device token') as HTMLInputElement).value).toBe('license.for.1');

    const [sent] = b.calls('POST', '/api/license/activate');
    expect(sent?.json).toEqual({ code: 'abcd-2345', device_uid: 'device-kitchen-tablet' });
    expect(ActivateRequest.parse(sent?.json)).toEqual({
      code: 'ABCD2345',
      device_uid: 'device-kitchen-tablet',
    });
    expect(await screen.findByText('device-kitchen-tablet')).toBeTruthy();
    expect(b.calls('GET', '/api/licenses/devices')).toHaveLength(2);
  });

  it('sends a device name when one is given', async () => {
    const { user, backend: b } = await renderLicenses({ ledger: [[1, 1, 'admin_grant']] });
    await user.click(screen.getByRole('button', { name: 'New Code' }));
    await screen.findByText('ABCD-2345');
    await user.type(field('Activation code'), 'ABCD-2345');
    await user.type(field('Device UID'), 'uid-7');
    await user.type(field('Device name'), ' Pit iPad ');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    await screen.findByText('Device activated.');
    expect(b.calls('POST', '/api/license/activate')[0]?.json).toEqual({
      code: 'ABCD-2345',
      device_uid: 'uid-7',
      device_name: 'Pit iPad',
    });
    expect(b.state.devices[0]?.device_name).toBe('Pit iPad');
  });

  it('an answer without a device token says "Activation succeeded but no token returned." and offers no Copy token', async () => {
    const { user, backend: b } = await renderLicenses();
    b.override('POST', '/api/license/activate', {
      json: { device_id: 4, user_id: 1, expires_at: '2026-06-01T00:00:00.000Z', balance: 0 },
    });
    await user.type(field('Activation code'), 'ABCD-2345');
    await user.type(field('Device UID'), 'uid-1');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Activation succeeded but no token returned.',
    );
    expect(screen.queryByRole('button', { name: 'Copy token' })).toBeNull();
  });

  it("a refused activation shows 'Activation failed' with the server's text and keeps the fields", async () => {
    const { user } = await renderLicenses();
    await user.type(field('Activation code'), 'ZZZZ-ZZZZ');
    await user.type(field('Device UID'), 'uid-1');
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Activation failed');
    expect(alert.textContent).toContain('Activation code not found.');
    expect((field('Activation code') as HTMLInputElement).value).toBe('ZZZZ-ZZZZ');
  });
});

describe('Licenses screen: registered devices', () => {
  const DEVICES = [fakeDevice(1, 2), fakeDevice(2, 3, { device_name: null, revoked: true })];

  it('lists ID, UID, name, last seen and Active or Revoked', async () => {
    await renderLicenses({ devices: DEVICES });
    await screen.findByRole('table', { name: 'Registered devices' });
    // Newest first.
    const [second, first] = rowsOf('Registered devices');
    expect(first).toContain('device-uid-1');
    expect(first).toContain('Phone 1');
    expect(first).toContain('Active');
    expect(second).toContain('Revoked');
    expect(screen.getByRole('button', { name: 'Revoke Phone 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Restore device-uid-2' })).toBeTruthy();
    const lastSeen = within(screen.getByRole('table', { name: 'Registered devices' })).getAllByText(
      (_text, element) => element?.tagName === 'TIME',
    );
    expect(lastSeen[1]?.getAttribute('dateTime')).toBe(DEVICES[0]?.last_seen);
  });

  it("Revoke asks 'Revoke this device license?'; Cancel sends nothing, confirming revokes and the row turns Revoked", async () => {
    const { user, backend: b } = await renderLicenses({ devices: [fakeDevice(1, 2)] });
    await user.click(await screen.findByRole('button', { name: 'Revoke Phone 1' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Revoke this device license?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(b.calls('PATCH', '/api/licenses/devices/1/revoke')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Revoke Phone 1' }));
    dialog = screen.getByRole('alertdialog', { name: 'Revoke this device license?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByRole('button', { name: 'Restore Phone 1' })).toBeTruthy();
    expect(rowsOf('Registered devices')[0]).toContain('Revoked');
    expect(b.state.devices[0]?.revoked).toBe(true);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("Restore brings the device back: 'Restored', Active, and Revoke offered again", async () => {
    const { user, backend: b } = await renderLicenses({ devices: [fakeDevice(1, 2, { revoked: true })] });
    await user.click(await screen.findByRole('button', { name: 'Restore Phone 1' }));
    expect(await screen.findByText('Restored')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Revoke Phone 1' })).toBeTruthy();
    expect(rowsOf('Registered devices')[0]).toContain('Active');
    expect(b.calls('PATCH', '/api/licenses/devices/1/restore')).toHaveLength(1);
  });

  it("a failed restore says 'Failed to restore' with the server's text", async () => {
    const { user, backend: b } = await renderLicenses({ devices: [fakeDevice(1, 2, { revoked: true })] });
    b.override('PATCH', '/api/licenses/devices/1/restore', {
      status: 404,
      json: { error: 'not_found', message: 'No device to restore' },
    });
    await user.click(await screen.findByRole('button', { name: 'Restore Phone 1' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to restore');
    expect(alert.textContent).toContain('No device to restore');
  });

  it("a failed list says 'Failed to fetch devices'", async () => {
    const b = await startAdminBackend({ users: USERS });
    backend = b;
    b.override(
      'GET',
      '/api/licenses/devices',
      { status: 500, json: { error: 'internal', message: 'Boom' } },
      5,
    );
    renderScreen(<LicensesScreen />, clientFor(b.server));
    const banner = (await screen.findByText('Failed to fetch devices')).closest('[role="alert"]');
    expect(banner?.textContent).toContain('Boom');
  });
});

describe('Licenses screen: registered devices at scale (owners, search, filters, sort and pages in the URL)', () => {
  /** 60 devices, newest (highest id) first in the list: even ids are pit's, odd ones noname's, 60 a deleted user's. */
  const MANY = Array.from({ length: 60 }, (_, index) => {
    const id = index + 1;
    return fakeDevice(id, id === 60 ? 9 : id % 2 === 0 ? 2 : 3, { revoked: id % 10 === 0 });
  });

  async function renderDevices(path: string | string[] = '/admin/licenses') {
    const started = await startAdminBackend({ users: USERS, devices: MANY });
    backend = started;
    const view = renderScreen(<LicensesScreen />, clientFor(started.server), path);
    await screen.findByRole('table', { name: 'Registered devices' });
    return { ...view, backend: started };
  }

  const table = () => screen.getByRole('table', { name: 'Registered devices' });
  const shownIds = () =>
    within(table())
      .getAllByRole('rowheader')
      .map((cell) => Number(cell.textContent));
  const ownerOf = (id: number) =>
    within(table())
      .getByRole('rowheader', { name: String(id) })
      .closest('tr')
      ?.querySelector('[data-label="Owner"]')?.textContent;
  const devicesCalls = (b: AdminBackend) =>
    b
      .calls('GET', '/api/licenses/devices')
      .map((r) => Object.fromEntries(new URL(r.url, 'http://x').searchParams));
  const panel = () => within(screen.getByRole('heading', { name: 'Registered devices' }).closest('section')!);
  const countText = () =>
    screen
      .getByRole('table', { name: 'Registered devices' })
      .closest('.admin-list')
      ?.querySelector('.admin-list__count')?.textContent;

  it("shows each device's owner (e-mail and name), looked up in one request for the page; a deleted owner is 'Unknown user'", async () => {
    const { backend: b } = await renderDevices();
    expect(shownIds().slice(0, 3)).toEqual([60, 59, 58]);
    await waitFor(() => expect(ownerOf(58)).toBe('pit@example.comPat Pitmaster'));
    expect(ownerOf(59)).toBe('noname@example.com');
    expect(ownerOf(60)).toBe('Unknown user');
    const lookups = b.calls('GET', '/api/users').filter((r) => r.url.includes('ids='));
    expect(lookups.map((r) => r.url)).toEqual(['/api/users?ids=2%2C3%2C9&sort=id&limit=3']);
    expect(devicesCalls(b)[0]).toEqual({ sort: '-device_id', limit: '50' });
  });

  it('counts the devices and walks the pages with Next and Previous; Back goes to the page before', async () => {
    const { user, search, back } = await renderDevices();
    expect(countText()).toBe('60 devices');
    expect(shownIds()).toHaveLength(50);
    await user.click(panel().getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(shownIds()).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]));
    expect(search().get('devices.cursor')).toBeTruthy();
    await waitFor(() => expect(ownerOf(1)).toBe('noname@example.com'));
    await back();
    await waitFor(() => expect(shownIds()[0]).toBe(60));
    expect(search().get('devices.cursor')).toBeNull();
  });

  it('searches UID or name on the server, under devices.q', async () => {
    const { user, backend: b, search } = await renderDevices();
    await user.type(screen.getByRole('searchbox', { name: 'Search devices' }), 'phone 5');
    await waitFor(() => expect(shownIds()).toEqual([59, 58, 57, 56, 55, 54, 53, 52, 51, 50, 5]));
    expect(search().toString()).toBe('devices.q=phone+5');
    expect(devicesCalls(b).at(-1)).toEqual({ q: 'phone 5', sort: '-device_id', limit: '50' });
    await user.clear(screen.getByRole('searchbox', { name: 'Search devices' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search devices' }), 'tablet{Enter}');
    expect(await panel().findByRole('heading', { name: 'No devices registered.' })).toBeTruthy();
    expect(panel().getByText('No devices match "tablet".')).toBeTruthy();
  });

  it('sorts by a header: Last seen ascending (the oldest first), then the other way', async () => {
    const { user, search } = await renderDevices();
    const lastSeen = () => within(table()).getByRole('columnheader', { name: 'Last seen' });
    await user.click(within(lastSeen()).getByRole('button'));
    await waitFor(() => expect(lastSeen().getAttribute('aria-sort')).toBe('ascending'));
    await waitFor(() => expect(shownIds()[0]).toBe(60));
    expect(search().get('devices.sort')).toBe('last_seen');
    await user.click(within(lastSeen()).getByRole('button'));
    await waitFor(() => expect(shownIds()[0]).toBe(1));
    expect(search().get('devices.sort')).toBe('-last_seen');
  });

  it('filters by owner, picked by searching their e-mail or name, kept in the URL as their id, and cleared with Any owner', async () => {
    const { user, backend: b, search } = await renderDevices();
    await user.type(screen.getByRole('searchbox', { name: 'Find an owner' }), 'pat{Enter}');
    const owner = screen.getByLabelText('Owner') as HTMLSelectElement;
    await waitFor(() =>
      expect([...owner.options].map((option) => option.textContent)).toEqual([
        'Any owner',
        'pit@example.com — Pat Pitmaster',
      ]),
    );
    await user.selectOptions(owner, '2');
    await waitFor(() => expect(shownIds()).toHaveLength(29));
    expect(shownIds().every((id) => id % 2 === 0)).toBe(true);
    expect(search().get('devices.user')).toBe('2');
    expect(devicesCalls(b).at(-1)).toEqual({ sort: '-device_id', limit: '50', user_id: '2' });
    expect(countText()).toBe('29 devices');

    await user.selectOptions(owner, '');
    await waitFor(() => expect(shownIds()).toHaveLength(50));
    expect(search().get('devices.user')).toBeNull();
  });

  it('filters by status', async () => {
    const { user, search } = await renderDevices();
    await user.selectOptions(screen.getByLabelText('Status'), 'revoked');
    await waitFor(() => expect(shownIds()).toEqual([60, 50, 40, 30, 20, 10]));
    expect(search().get('devices.status')).toBe('revoked');
  });

  it('a link with an owner, a status and a sort opens that list, the owner chosen in the picker', async () => {
    const { backend: b } = await renderDevices(
      '/admin/licenses?devices.user=3&devices.status=active&devices.sort=device_id',
    );
    await waitFor(() => expect(shownIds().slice(0, 4)).toEqual([1, 3, 5, 7]));
    expect(devicesCalls(b)[0]).toEqual({ sort: 'device_id', limit: '50', user_id: '3', status: 'active' });
    const owner = screen.getByLabelText('Owner') as HTMLSelectElement;
    await waitFor(() => expect(owner.selectedOptions[0]?.textContent).toBe('noname@example.com'));
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('active');
    expect(within(table()).getByRole('columnheader', { name: 'ID' }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    expect(countText()).toBe('30 devices');
  });
});

describe('Licenses screen: the chosen user and their ledger in the URL', () => {
  const LEDGER: AdminBackendSeed['ledger'] = Array.from({ length: 25 }, (_, index) => [
    2,
    index + 1,
    index % 5 === 0 ? 'activation' : 'admin_adjust',
  ]);

  it('a link with the user opens their credits; New Code mints for them; Back leaves them', async () => {
    const started = await startAdminBackend({ users: USERS, ledger: [[2, 4, 'admin_grant']] });
    backend = started;
    const { user, search, back } = renderScreen(<LicensesScreen />, clientFor(started.server), [
      '/admin/licenses',
      '/admin/licenses?user=2',
    ]);
    expect(await screen.findByText('Current credits:', { exact: false })).toBeTruthy();
    expect(balanceText()).toBe('Current credits: 4');
    expect(((await screen.findByLabelText('User')) as HTMLSelectElement).value).toBe('2');
    await screen.findByText(
      "A one-time code that activates one device with one of pit@example.com — Pat Pitmaster's credits.",
    );
    await user.click(screen.getByRole('button', { name: 'New Code' }));
    await screen.findByText('ABCD-2345');
    expect(started.calls('POST', '/api/licenses/codes').map((r) => r.json)).toEqual([{ user_id: 2 }]);

    await chooseUser(user, 3);
    expect(search().get('user')).toBe('3');
    await back();
    expect(search().get('user')).toBe('2');
    await back();
    expect(await screen.findByText('Choose a user to see and adjust their credits.')).toBeTruthy();
  });

  it('pages, searches and sorts the ledger under ledger.* keys; another user starts on its first page', async () => {
    const started = await startAdminBackend({ users: USERS, ledger: LEDGER });
    backend = started;
    const { user, search } = renderScreen(
      <LicensesScreen />,
      clientFor(started.server),
      '/admin/licenses?user=2',
    );
    await screen.findByRole('table', { name: 'Recent ledger' });
    expect(rowsOf('Recent ledger')).toHaveLength(20);
    expect(rowsOf('Recent ledger')[0]).toContain('+25');
    await user.click(
      screen.getByRole('navigation', { name: 'Pages of the ledger' }).querySelectorAll('button')[1]!,
    );
    await waitFor(() => expect(rowsOf('Recent ledger')).toHaveLength(5));
    expect(search().get('ledger.cursor')).toBeTruthy();

    await user.type(screen.getByRole('searchbox', { name: 'Search the ledger' }), 'activation{Enter}');
    // Page 2 of the whole ledger has 5 rows too: wait for the search's own first row.
    await waitFor(() => expect(rowsOf('Recent ledger')[0]).toContain('+21'));
    expect(rowsOf('Recent ledger')).toHaveLength(5);
    expect(rowsOf('Recent ledger').every((row) => row.includes('activation'))).toBe(true);
    expect(search().get('ledger.cursor')).toBeNull();
    const delta = within(screen.getByRole('table', { name: 'Recent ledger' })).getByRole('columnheader', {
      name: 'Delta',
    });
    await user.click(within(delta).getByRole('button'));
    await waitFor(() => expect(rowsOf('Recent ledger')[0]).toContain('+1'));
    expect(search().toString()).toBe('user=2&ledger.q=activation&ledger.sort=delta');

    await chooseUser(user, 3);
    expect(search().toString()).toBe('user=3');
  });
});

describe('Licenses screen: footer', () => {
  it("shows 'same-origin' when no global API base is set", async () => {
    await renderLicenses();
    expect(screen.getByText('API base:', { exact: false }).textContent).toBe('API base: same-origin');
  });

  it('shows the global API base when one is set', async () => {
    (globalThis as Record<string, unknown>)[API_BASE_GLOBAL] = 'https://api.example.com/api';
    await renderLicenses();
    expect(screen.getByText('API base:', { exact: false }).textContent).toBe(
      'API base: https://api.example.com/api',
    );
  });
});
