import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CreatePromoCodeRequest } from '@pitclock/contracts/schemas';
import { held } from '@pitclock/contracts/testing';
import { COPY_FAILED_TEXT } from '../../lib/copy-button';
import { clientFor, renderScreen } from '../../test/render-admin';
import { PromoCodesScreen } from './promo-codes-screen';
import { promoCode, startPromoServer, USER_TOKEN, type PromoServer } from './test-support';

const LIST = '/api/promo-codes';
const FUTURE = '2099-01-01T00:00:00.000Z';
const PAST = '2020-01-01T00:00:00.000Z';

/** A page answer of `items` as the service sends it (one page, nothing beside it). */
const onePage = (items: unknown[]) => ({
  data: items,
  total: items.length,
  total_exact: true,
  next_cursor: null,
  prev_cursor: null,
});

const servers: PromoServer[] = [];
async function start(codes = [promoCode({ id: 1, code: 'BETA', max_uses: 10, used_count: 3 })]) {
  const server = await startPromoServer(codes);
  servers.push(server);
  return server;
}
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

function render(server: PromoServer, token?: string, path = '/admin/promo-codes') {
  return renderScreen(<PromoCodesScreen />, clientFor(server, token), path);
}

/** The table row showing `code` (waits for it), with its cells by column label. */
async function rowOf(code: string) {
  const row = await waitFor(() => {
    const found = within(screen.getByRole('table', { name: 'Promo codes' }))
      .getAllByRole('row')
      .find((tr) => within(tr).queryByText(code, { exact: true }));
    if (!found) throw new Error(`no row for ${code}`);
    return found;
  });
  const cells = [...row.querySelectorAll('th, td')];
  const cell = (label: string) => cells.find((c) => c.getAttribute('data-label') === label)?.textContent;
  return { row: within(row), cell };
}

const gets = (server: PromoServer) => server.on(LIST).filter((req) => req.method === 'GET').length;
/** The queries of the list calls received, as objects. */
const queries = (server: PromoServer) =>
  server
    .on(LIST)
    .filter((req) => req.method === 'GET')
    .map((req) => Object.fromEntries(new URL(req.url, 'http://x').searchParams));
const posts = (server: PromoServer) => server.on(LIST).filter((req) => req.method === 'POST');
const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
/** The error text shown beside a field (tied to it by aria-describedby). */
function errorOf(input: HTMLElement) {
  expect(input.getAttribute('aria-invalid')).toBe('true');
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent).join(' | ');
}

describe('Promo codes screen: list', () => {
  it('shows each code with uses, remaining uses, expiry, status and its enable/disable action', async () => {
    const server = await start([
      promoCode({ id: 5, code: 'BETA', max_uses: 10, used_count: 3, expires_at: FUTURE, license_days: 30 }),
      promoCode({ id: 4, code: 'OPEN', max_uses: null, used_count: 12 }),
      promoCode({ id: 3, code: 'GONE', max_uses: 2, used_count: 2 }),
      promoCode({ id: 2, code: 'OLD', expires_at: PAST }),
      promoCode({ id: 1, code: 'OFF', max_uses: 5, is_active: false }),
    ]);
    render(server);
    expect(screen.getByRole('heading', { level: 1, name: 'Promo Codes' })).toBeTruthy();

    const beta = await rowOf('BETA');
    expect(beta.cell('Uses')).toBe('3/10');
    expect(beta.cell('Remaining')).toBe('7');
    expect(beta.cell('License days')).toBe('30');
    expect(beta.cell('Expires')).not.toBe('Never');
    expect(beta.cell('Status')).toBe('Active');
    expect(beta.row.getByRole('button', { name: 'Disable BETA' })).toBeTruthy();

    const open = await rowOf('OPEN');
    expect(open.cell('Uses')).toBe('12/∞');
    expect(open.cell('Remaining')).toBe('Unlimited');
    expect(open.cell('Expires')).toBe('Never');
    expect(open.cell('License days')).toBe('Default');
    expect((await rowOf('GONE')).cell('Status')).toBe('Used up');
    expect((await rowOf('GONE')).cell('Remaining')).toBe('0');
    expect((await rowOf('OLD')).cell('Status')).toBe('Expired');
    const off = await rowOf('OFF');
    expect(off.cell('Status')).toBe('Disabled');
    expect(off.row.getByRole('button', { name: 'Enable OFF' })).toBeTruthy();
  });

  it('shows a spinner while loading, then the table that stacks into cards on a phone', async () => {
    const server = await start();
    const list = held({ json: onePage(server.codes) });
    server.override = (req) => (req.method === 'GET' && req.path === LIST ? list.reply : undefined);
    render(server);
    expect(screen.getByText('Loading promo codes')).toBeTruthy();
    await waitFor(() => expect(gets(server)).toBe(1));
    expect(screen.getByText('Loading promo codes')).toBeTruthy();
    list.release();
    const table = await screen.findByRole('table', { name: 'Promo codes' });
    expect(table.className).toContain('pc-table--stack-below-md');
    expect(screen.queryByText('Loading promo codes')).toBeNull();
  });

  it("shows 'No promo codes found.' when there are none", async () => {
    const server = await start([]);
    render(server);
    expect(await screen.findByRole('heading', { name: 'No promo codes found.' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('filters by code on the server (any case, part of it), and says none found when nothing matches', async () => {
    const server = await start([
      promoCode({ id: 3, code: 'BETA-1' }),
      promoCode({ id: 2, code: 'BETA-2' }),
      promoCode({ id: 1, code: 'SUMMER' }),
    ]);
    const { user, search } = render(server);
    await rowOf('SUMMER');
    await user.type(screen.getByLabelText('Filter by code'), 'bet');
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Promo codes' })).queryByText('SUMMER')).toBeNull(),
    );
    const table = screen.getByRole('table', { name: 'Promo codes' });
    expect(within(table).getByText('BETA-1')).toBeTruthy();
    expect(within(table).getByText('BETA-2')).toBeTruthy();
    expect(queries(server).at(-1)).toEqual({ q: 'bet', sort: '-id', limit: '50' });
    expect(search().toString()).toBe('q=bet');
    await user.type(screen.getByLabelText('Filter by code'), 'zzz');
    expect(await screen.findByRole('heading', { name: 'No promo codes found.' })).toBeTruthy();
    expect(screen.getByText('No promo codes match "betzzz".')).toBeTruthy();
  });

  it('Refresh fetches the list again and shows what changed on the server', async () => {
    const server = await start();
    const { user } = render(server);
    await rowOf('BETA');
    server.codes.unshift(promoCode({ id: 9, code: 'NEWER' }));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect((await rowOf('NEWER')).cell('Status')).toBe('Active');
    expect(gets(server)).toBe(2);
  });

  it("shows 'Admin sign-in required (Bearer).' when the server answers 401 (after the client's refresh failed)", async () => {
    const server = await start();
    render(server, 'stale-token');
    expect((await screen.findByRole('alert')).textContent).toBe('Admin sign-in required (Bearer).');
    expect(server.on('/api/auth/refresh')).toHaveLength(1);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says Admin only when a signed-in user who is not an admin gets 403', async () => {
    const server = await start();
    render(server, USER_TOKEN);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Admin only: this account is not an administrator.',
    );
  });

  it("shows 'Failed to load promo codes' with the server's text when loading fails", async () => {
    const server = await start();
    server.override = (req) =>
      req.path === LIST
        ? { status: 503, json: { error: 'service_unavailable', message: 'Auth is down' } }
        : undefined;
    render(server);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load promo codes');
    expect(alert.textContent).toContain('Auth is down');
  });

  it('reads the shapes SPEC.md allows in a page: promo_code_id, expiresAt, a disabled flag, max_uses 0', async () => {
    const server = await start();
    server.override = (req) =>
      req.method === 'GET' && req.path === LIST
        ? {
            json: onePage([
              {
                promo_code_id: 7,
                code: 'ALT',
                max_uses: 0,
                used_count: 4,
                expiresAt: FUTURE,
                disabled: true,
              },
              { id: 6, code: 'ON', max_uses: 3, used_count: 1, expiry: PAST, active: true },
            ]),
          }
        : undefined;
    render(server);
    const alt = await rowOf('ALT');
    expect(alt.cell('Uses')).toBe('4/∞');
    expect(alt.cell('Remaining')).toBe('Unlimited');
    expect(alt.cell('Expires')).not.toBe('Never');
    expect(alt.cell('Status')).toBe('Disabled');
    expect(alt.row.getByRole('button', { name: 'Enable ALT' })).toBeTruthy();
    const on = await rowOf('ON');
    expect(on.cell('Remaining')).toBe('2');
    expect(on.cell('Status')).toBe('Expired');
  });

  it('shows a code it cannot read as an unreadable row in its place, and the others as usual', async () => {
    const server = await start();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.override = (req) =>
      req.method === 'GET' && req.path === LIST
        ? {
            json: onePage([
              promoCode({ id: 2, code: 'GOOD' }),
              { id: 'x', code: 7 },
              { code: 'NO-ID', used_count: 0 },
            ]),
          }
        : undefined;
    render(server);
    expect((await rowOf('GOOD')).cell('Status')).toBe('Active');
    const table = screen.getByRole('table', { name: 'Promo codes' });
    const unreadable = within(table)
      .getAllByRole('row')
      .filter((tr) => within(tr).queryByText('Unreadable promo code'));
    expect(unreadable).toHaveLength(2);
    for (const row of unreadable) {
      expect(within(row).getByText('Unreadable')).toBeTruthy();
      expect(within(row).queryByRole('button')).toBeNull();
    }
    expect(within(table).queryByText('NO-ID')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    ['not a list', { codes: 7 }],
    ['a bare list (the answer to a request without page keys)', [promoCode({ id: 1, code: 'BARE' })]],
    ['a page without its total', { data: [], next_cursor: null, prev_cursor: null }],
  ])('treats an answer that is %s as a failed load', async (_what, answer) => {
    const server = await start();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    server.override = (req) => (req.path === LIST ? { json: answer } : undefined);
    render(server);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to load promo codes');
    expect(alert.textContent).toContain('Invalid response from server');
  });
});

describe('Promo codes screen: pages and sort (in the URL)', () => {
  /** 60 codes, CODE01 … CODE60, CODE60 the newest (highest id), used CODEnn nn % 7 times. */
  const MANY = Array.from({ length: 60 }, (_, index) => {
    const id = index + 1;
    return promoCode({ id, code: `CODE${String(id).padStart(2, '0')}`, used_count: id % 7 });
  }).reverse();
  const shownCodes = () =>
    within(screen.getByRole('table', { name: 'Promo codes' }))
      .getAllByRole('rowheader')
      .map((cell) => cell.querySelector('.admin-break')?.textContent);

  it('asks for pages of 50 newest first; Next and Previous walk them; Back goes back', async () => {
    const server = await start(MANY);
    const { user, search, back } = render(server);
    await rowOf('CODE60');
    expect(queries(server)[0]).toEqual({ sort: '-id', limit: '50' });
    expect(shownCodes()).toHaveLength(50);
    expect(screen.getByText('60 promo codes')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(shownCodes()[0]).toBe('CODE10'));
    expect(shownCodes()).toHaveLength(10);
    expect(search().get('cursor')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await waitFor(() => expect(shownCodes()[0]).toBe('CODE60'));
    await back();
    await waitFor(() => expect(shownCodes()[0]).toBe('CODE10'));
  });

  it('sorts by Code and by Uses (the used count), a second click reversing', async () => {
    const server = await start(MANY);
    const { user, search } = render(server);
    await rowOf('CODE60');
    const table = () => screen.getByRole('table', { name: 'Promo codes' });
    await user.click(within(table()).getByRole('button', { name: 'Code' }));
    await waitFor(() => expect(shownCodes()[0]).toBe('CODE01'));
    expect(within(table()).getByRole('columnheader', { name: 'Code' }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
    await user.click(within(table()).getByRole('button', { name: 'Uses' }));
    await waitFor(() => expect(shownCodes()[0]).toBe('CODE07'));
    expect(search().get('sort')).toBe('used_count');
    await user.click(within(table()).getByRole('button', { name: 'Uses' }));
    // The most used (6 uses), the highest id first among them.
    await waitFor(() => expect(shownCodes()[0]).toBe('CODE55'));
    expect(search().get('sort')).toBe('-used_count');
  });

  it('a link to a filtered, sorted page opens it, with the filter in the box', async () => {
    const server = await start(MANY);
    render(server, undefined, '/admin/promo-codes?q=code1&sort=code');
    await waitFor(() =>
      expect(shownCodes()).toEqual([
        'CODE10',
        'CODE11',
        'CODE12',
        'CODE13',
        'CODE14',
        'CODE15',
        'CODE16',
        'CODE17',
        'CODE18',
        'CODE19',
      ]),
    );
    expect((screen.getByLabelText('Filter by code') as HTMLInputElement).value).toBe('code1');
    expect(queries(server)[0]).toEqual({ q: 'code1', sort: 'code', limit: '50' });
  });

  it('a toggle on the second page shows the new state at once and keeps the page', async () => {
    const server = await start(MANY);
    const { user, search } = render(server);
    await rowOf('CODE60');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(shownCodes()[0]).toBe('CODE10'));
    const cursor = search().get('cursor');
    await user.click((await rowOf('CODE05')).row.getByRole('button', { name: 'Disable CODE05' }));
    expect((await rowOf('CODE05')).cell('Status')).toBe('Disabled');
    expect(search().get('cursor')).toBe(cursor);
    expect(shownCodes()[0]).toBe('CODE10');
  });
});

describe('Promo codes screen: create', () => {
  it('Enter creates the code as the server stores it (trimmed, upper-case), and the list is fetched again', async () => {
    const server = await start();
    const { user } = render(server);
    await rowOf('BETA');
    await user.type(field(/^Code/), ' summer-26 ');
    expect(field(/^Code/).value).toBe(' SUMMER-26 ');
    await user.type(field(/^Max uses/), '5');
    await user.type(field(/^License days/), '30');
    fireEvent.change(field(/^Expires at/), { target: { value: '2099-06-30T18:30' } });
    await user.type(field(/^Code/), '{Enter}');

    expect((await rowOf('SUMMER-26')).cell('Uses')).toBe('0/5');
    const [sent] = posts(server);
    expect(sent?.json).toEqual({
      code: 'SUMMER-26',
      max_uses: 5,
      license_days: 30,
      expires_at: new Date(2099, 5, 30, 18, 30).toISOString(),
    });
    expect(CreatePromoCodeRequest.safeParse(sent?.json).success).toBe(true);
    expect(gets(server)).toBe(2);
    expect(screen.getByText('Promo code SUMMER-26 created.')).toBeTruthy();
    expect(field(/^Code/).value).toBe('');
    expect(field(/^Max uses/).value).toBe('');
    expect(server.codes.map((code) => code.code)).toEqual(['SUMMER-26', 'BETA']);
  });

  it('omits empty max uses, licence days and expiry (unlimited, default days, no expiry)', async () => {
    const server = await start();
    const { user } = render(server);
    await rowOf('BETA');
    await user.type(field(/^Code/), 'open{Enter}');
    const open = await rowOf('OPEN');
    expect(posts(server)[0]?.json).toEqual({ code: 'OPEN' });
    expect(open.cell('Remaining')).toBe('Unlimited');
  });

  it("says 'Code is required' beside Code for an empty or blank code and sends nothing", async () => {
    const server = await start();
    const { user } = render(server);
    await rowOf('BETA');
    await user.type(field(/^Code/), '   ');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(errorOf(field(/^Code/))).toContain('Code is required');
    expect(posts(server)).toHaveLength(0);
    await user.type(field(/^Code/), 'X');
    expect(field(/^Code/).getAttribute('aria-invalid')).toBeNull();
  });

  it("shows the server's rule texts beside the fields before sending (licence days at least 1, code characters)", async () => {
    const server = await start();
    const { user } = render(server);
    await rowOf('BETA');
    await user.type(field(/^Code/), 'bad code!');
    await user.type(field(/^License days/), '0');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(errorOf(field(/^Code/))).toContain('Code may contain only letters, digits, - and _');
    expect(errorOf(field(/^License days/))).toContain('License days must be a whole number of at least 1');
    expect(posts(server)).toHaveLength(0);
  });

  it("shows the server's validation text beside Expires at (an expiry in the past) and keeps the form", async () => {
    const server = await start();
    const { user } = render(server);
    await rowOf('BETA');
    await user.type(field(/^Code/), 'late');
    fireEvent.change(field(/^Expires at/), { target: { value: '2020-01-01T10:00' } });
    await user.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(errorOf(field(/^Expires at/))).toContain('Expiry must be in the future'));
    expect(field(/^Code/).value).toBe('LATE');
    expect(server.codes).toHaveLength(1);
    expect(gets(server)).toBe(1);
  });

  it('409 code taken: says so beside Code, stores nothing and does not refetch', async () => {
    const server = await start();
    const { user } = render(server);
    await rowOf('BETA');
    await user.type(field(/^Code/), 'beta{Enter}');
    await waitFor(() =>
      expect(errorOf(field(/^Code/))).toContain('A promo code with this code already exists.'),
    );
    expect(posts(server)).toHaveLength(1);
    expect(server.codes).toHaveLength(1);
    expect(gets(server)).toBe(1);
  });

  it("shows any other refusal in a red banner under 'Failed to create promo code'", async () => {
    const server = await start();
    server.override = (req) =>
      req.method === 'POST' && req.path === LIST
        ? { status: 500, json: { error: 'internal', message: 'Database unavailable' } }
        : undefined;
    const { user } = render(server);
    await rowOf('BETA');
    await user.type(field(/^Code/), 'fine{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to create promo code');
    expect(alert.textContent).toContain('Database unavailable');
  });
});

describe('Promo codes screen: enable and disable', () => {
  it('Disable posts the toggle, then shows the code disabled and fetches the list again', async () => {
    const server = await start();
    const { user } = render(server);
    await user.click((await rowOf('BETA')).row.getByRole('button', { name: 'Disable BETA' }));

    expect(await screen.findByRole('button', { name: 'Enable BETA' })).toBeTruthy();
    expect((await rowOf('BETA')).cell('Status')).toBe('Disabled');
    expect(server.on('/api/promo-codes/1/toggle').map((req) => [req.method, req.text])).toEqual([
      ['POST', ''],
    ]);
    expect(server.codes[0]?.is_active).toBe(false);
    await waitFor(() => expect(gets(server)).toBe(2));
  });

  it('the button is disabled while its call is in flight', async () => {
    const server = await start();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.override = async (req) => {
      if (req.path !== '/api/promo-codes/1/toggle') return undefined;
      await held;
      return undefined;
    };
    const { user } = render(server);
    await user.click((await rowOf('BETA')).row.getByRole('button', { name: 'Disable BETA' }));
    const busy = screen.getByRole('button', { name: 'Disable BETA' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    release();
    expect(((await screen.findByRole('button', { name: 'Enable BETA' })) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it("Enable of a disabled code shows it active again; a failed toggle says 'Failed to update promo code'", async () => {
    const server = await start([promoCode({ id: 1, code: 'OFF', is_active: false })]);
    const { user } = render(server);
    await user.click((await rowOf('OFF')).row.getByRole('button', { name: 'Enable OFF' }));
    expect((await screen.findByRole('button', { name: 'Disable OFF' })).textContent).toBe('Disable');
    expect((await rowOf('OFF')).cell('Status')).toBe('Active');

    server.override = (req) =>
      req.path === '/api/promo-codes/1/toggle'
        ? { status: 404, json: { error: 'not_found', message: 'Promo code not found' } }
        : undefined;
    await user.click(screen.getByRole('button', { name: 'Disable OFF' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to update promo code');
    expect(alert.textContent).toContain('Promo code not found');
    await user.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('Promo codes screen: copy', () => {
  it('Copy puts the code on the clipboard and says Copied', async () => {
    const server = await start();
    const { user } = render(server);
    await user.click((await rowOf('BETA')).row.getByRole('button', { name: 'Copy code BETA' }));
    expect(await navigator.clipboard.readText()).toBe('BETA');
    expect(screen.getByRole('button', { name: 'Copy code BETA' }).textContent).toBe('Copied');
  });

  it("says 'Copy failed. You can select the code and copy it manually.' when the clipboard refuses", async () => {
    const server = await start();
    const { user } = render(server);
    const copy = (await rowOf('BETA')).row.getByRole('button', { name: 'Copy code BETA' });
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('denied', 'NotAllowedError'),
    );
    await user.click(copy);
    expect((await screen.findByRole('alert')).textContent).toBe(COPY_FAILED_TEXT);
    expect(COPY_FAILED_TEXT).toBe('Copy failed. You can select the code and copy it manually.');
  });
});
