import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { session } from '@pitclock/contracts';
import { closedPortUrl, held, makeJwt, startTestServer, type TestServer } from '@pitclock/contracts/testing';
import { pointApiAtClosedPort, startApi, type Reply } from '../../lib/license-gate.test-support';
import { ABOUT_TEXT } from './messages';
import { BackendVersionPanel, BuildVersionPanel, formatBuildTime } from './version-panels';
import { buildMetaUrl } from './version-api';

const NOW = 1_780_000_000_000;
const now = () => NOW;

/** The API answering GET /api/version with `replies` in turn (the last one repeated). */
async function backend(replies: Reply[]) {
  return startApi((req) =>
    req.path === '/api/version'
      ? ((replies.length > 1 ? replies.shift() : replies[0]) ?? { status: 500 })
      : { status: 404 },
  );
}

describe('Backend version (GET /api/version, direct, no cache)', () => {
  it('shows the version, service and commit the server answers, asked straight and cache-busted', async () => {
    session.setTokens({ token: makeJwt({ sub: '7' }) });
    const api = await backend([{ json: { service: 'auth', version: '1.4.2', commit: 'abc1234' } }]);
    render(<BackendVersionPanel now={now} />);
    await waitFor(() =>
      expect(screen.getByTestId('backend-version').textContent).toBe('1.4.2service authcommit abc1234'),
    );
    expect(api.requests.map((r) => [r.method, r.url])).toEqual([['GET', `/api/version?ts=${NOW}`]]);
    // Direct: no bearer (so no refresh on the way).
    expect(api.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('shows that it is loading until the answer comes', async () => {
    const version = held({ json: { version: '2.0.0' } });
    const api = await backend([version.reply]);
    render(<BackendVersionPanel now={now} />);
    expect(screen.getByText(ABOUT_TEXT.backendLoading)).toBeTruthy();
    await waitFor(() => expect(api.on('/api/version')).toHaveLength(1));
    expect(screen.getByText(ABOUT_TEXT.backendLoading)).toBeTruthy();
    version.release();
    expect(await screen.findByText('2.0.0')).toBeTruthy();
    expect(screen.queryByText(ABOUT_TEXT.backendLoading)).toBeNull();
  });

  it("shows the server's error and Try again asks again", async () => {
    const api = await backend([
      { status: 503, json: { error: 'unavailable', message: 'Auth is restarting' } },
      { json: { version: '1.4.3' } },
    ]);
    const user = userEvent.setup();
    render(<BackendVersionPanel now={now} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Auth is restarting');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('1.4.3')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.on('/api/version')).toHaveLength(2);
  });

  it('says the network failed when the server cannot be reached', async () => {
    await pointApiAtClosedPort();
    render(<BackendVersionPanel now={now} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Network Error');
  });

  it('an answer without a version is an error', async () => {
    await backend([{ json: { service: 'auth' } }]);
    render(<BackendVersionPanel now={now} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid response from server');
  });
});

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/** The origin serving /build-meta.json with `replies` in turn (the last one repeated). */
async function origin(replies: Reply[]) {
  const server = await startTestServer((req) =>
    req.path === '/build-meta.json'
      ? ((replies.length > 1 ? replies.shift() : replies[0]) ?? { status: 500 })
      : { status: 404 },
  );
  servers.push(server);
  return server;
}

describe('Build version (GET /build-meta.json?ts={now})', () => {
  it('shows the deployed version and its build time, asked with the ts of now', async () => {
    const server = await origin([{ json: { version: '0.1.0+abc', buildTime: '2026-06-01T15:04:00.000Z' } }]);
    render(<BuildVersionPanel origin={server.url} now={now} timeZone="UTC" />);
    const facts = await screen.findByTestId('build-version');
    expect(within(facts).getByText('0.1.0+abc')).toBeTruthy();
    const time = within(facts).getByText('Jun 1, 2026, 3:04 PM');
    expect(time.getAttribute('datetime')).toBe('2026-06-01T15:04:00.000Z');
    expect(server.requests.map((r) => [r.method, r.url])).toEqual([['GET', `/build-meta.json?ts=${NOW}`]]);
  });

  it('shows that it is loading until the answer comes', async () => {
    const meta = held({ json: { version: '1', buildTime: '2026-06-01T00:00:00Z' } });
    const server = await origin([meta.reply]);
    render(<BuildVersionPanel origin={server.url} now={now} timeZone="UTC" />);
    expect(screen.getByText(ABOUT_TEXT.buildLoading)).toBeTruthy();
    await waitFor(() => expect(server.on('/build-meta.json')).toHaveLength(1));
    expect(screen.getByText(ABOUT_TEXT.buildLoading)).toBeTruthy();
    meta.release();
    expect(await screen.findByTestId('build-version')).toBeTruthy();
    expect(screen.queryByText(ABOUT_TEXT.buildLoading)).toBeNull();
  });

  it('says it failed for a missing file, and Try again reads it again', async () => {
    const server = await origin([
      { status: 404, text: 'Not found' },
      { json: { version: '2', buildTime: 'x' } },
    ]);
    const user = userEvent.setup();
    render(<BuildVersionPanel origin={server.url} now={now} timeZone="UTC" />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Request failed with status code 404');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    const facts = await screen.findByTestId('build-version');
    expect(within(facts).getByText('2')).toBeTruthy();
    // A build time that is not an instant is shown as it is.
    expect(within(facts).getByText('x')).toBeTruthy();
  });

  it('an answer without a build time is an error', async () => {
    const server = await origin([{ json: { version: '1' } }]);
    render(<BuildVersionPanel origin={server.url} now={now} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Invalid response from server');
  });

  it('says the network failed when nothing answers', async () => {
    render(<BuildVersionPanel origin={await closedPortUrl()} now={now} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Network Error');
  });

  it('reads from this page by default, with no cache', () => {
    expect(buildMetaUrl('', 1234)).toBe('/build-meta.json?ts=1234');
    expect(buildMetaUrl('https://pit.example/', 1234)).toBe('https://pit.example/build-meta.json?ts=1234');
    expect(formatBuildTime('2026-01-02T03:04:05Z', 'UTC')).toBe('2026-01-02 03:04');
    expect(formatBuildTime('2026-01-02T03:04:05Z', 'UTC', 'en-US')).toBe('Jan 2, 2026, 3:04 AM');
  });
});
