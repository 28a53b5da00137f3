import { describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_MESSAGES, NETWORK_ERROR_TEXT, session } from '@pitclock/contracts';
import { held } from '@pitclock/contracts/testing';
import { renderRoutes } from '../../test/render-pages';
import { closedPortUrl, startTestServer, testClient, type Reply } from '../../test/test-server';
import { fakeToken, inOneHour } from '../../test/tokens';
import { TIMEOUT_TEXT } from './auth-errors';
import { LOGIN_TIMEOUT_MS, LoginPage, type LoginRouteState } from './login-page';

const m = AUTH_MESSAGES;
const token = fakeToken({ sub: '7', exp: inOneHour(), is_admin: false });
const granted: Reply = { json: { token, refresh_token: 'refresh-1', device_id: 'device-x' } };

async function renderLogin(
  reply: () => Reply = () => granted,
  options: { timeoutMs?: number; state?: LoginRouteState } = {},
) {
  const server = await startTestServer((req) => (req.path === '/api/login' ? reply() : { status: 404 }));
  const { client, calls } = testClient(server.url);
  renderRoutes(
    client,
    { pathname: '/login', state: options.state ?? null },
    {
      '/login': <LoginPage timeoutMs={options.timeoutMs} />,
    },
  );
  return { server, calls, user: userEvent.setup() };
}

const email = () => screen.getByLabelText(/^Email/) as HTMLInputElement;
const password = () => screen.getByLabelText(/^Password/) as HTMLInputElement;
const signInButton = () => screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement;

async function signInWith(
  user: ReturnType<typeof userEvent.setup>,
  address = 'pit@boss.test',
  secret = 'smoke-ring',
) {
  await user.type(email(), address);
  await user.type(password(), secret);
  await user.click(signInButton());
}

describe('login form', () => {
  it("shows 'Sign in' with Email and Password, 'Create one' to /signup and 'Back to welcome' to /", async () => {
    await renderLogin();
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(email().type).toBe('email');
    expect(password().type).toBe('password');
    expect(screen.getByRole('link', { name: 'Create one' }).getAttribute('href')).toBe('/signup');
    expect(screen.getByRole('link', { name: 'Back to welcome' }).getAttribute('href')).toBe('/');
  });

  it('e-mail and password are required: each error shows once its field is left; Sign in is disabled until both are filled', async () => {
    const { user } = await renderLogin();
    expect(signInButton().disabled).toBe(true);
    await user.click(email());
    expect(screen.queryByText(m.emailRequired)).toBeNull();
    await user.click(password());
    expect(screen.getByText(m.emailRequired)).toBeTruthy();
    await user.click(email());
    expect(screen.getByText(m.passwordRequired)).toBeTruthy();
    await user.type(email(), 'pit@boss.test');
    expect(screen.queryByText(m.emailRequired)).toBeNull();
    expect(signInButton().disabled).toBe(true);
    await user.type(password(), 'x');
    expect(screen.queryByText(m.passwordRequired)).toBeNull();
    expect(signInButton().disabled).toBe(false);
  });

  it('the show/hide toggle reveals the password', async () => {
    const { user } = await renderLogin();
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password().type).toBe('text');
  });

  it('Enter signs in: tokens stored as SPEC.md says (local token and TOKEN, session token, local refresh_token), then /contests', async () => {
    const { server, user } = await renderLogin();
    await user.type(email(), ' pit@boss.test ');
    await user.type(password(), 'smoke-ring{Enter}');
    expect((await screen.findByTestId('where')).textContent).toBe('/contests');
    expect(localStorage.getItem('token')).toBe(token);
    expect(localStorage.getItem('TOKEN')).toBe(token);
    expect(sessionStorage.getItem('token')).toBe(token);
    expect(localStorage.getItem('refresh_token')).toBe('refresh-1');
    const [request] = server.on('/api/login');
    expect(request?.headers.authorization).toBeUndefined();
    expect(request?.json).toEqual({
      email: 'pit@boss.test',
      password: 'smoke-ring',
      device_info: { device_id: session.getDeviceId(), name: expect.any(String) as string },
    });
  });

  it('the login call is made with the 30 s timeout and without a bearer', async () => {
    const { calls, user } = await renderLogin();
    await signInWith(user);
    await screen.findByTestId('where');
    expect(LOGIN_TIMEOUT_MS).toBe(30_000);
    expect(calls.map((call) => [call.path, call.opts?.timeoutMs, call.opts?.auth])).toEqual([
      ['/api/login', 30_000, false],
    ]);
  });

  it('a server that does not answer within the timeout gives up with the timeout text', async () => {
    const { user } = await renderLogin(() => held(granted).reply, { timeoutMs: 50 });
    await signInWith(user);
    expect((await screen.findByRole('alert')).textContent).toBe(TIMEOUT_TEXT);
    expect(session.getToken()).toBeNull();
  });

  it('accepts the token under access_token (SPEC.md section 7)', async () => {
    const { user } = await renderLogin(() => ({
      json: { access_token: token, refresh_token: 'r', device_id: 'd' },
    }));
    await signInWith(user);
    expect((await screen.findByTestId('where')).textContent).toBe('/contests');
    expect(session.getToken()).toBe(token);
  });

  it.each<[string, Reply, string]>([
    ['an answer without a token', { json: { refresh_token: 'r', device_id: 'd' } }, m.noToken],
    ['an unreadable token', { json: { token: 'opaque', refresh_token: 'r' } }, m.noToken],
    [
      'wrong credentials: the server message',
      { status: 401, json: { error: 'invalid_credentials', message: 'Invalid email or password.' } },
      'Invalid email or password.',
    ],
    [
      'too many attempts: the server message',
      {
        status: 429,
        json: { error: 'too_many_requests', message: 'Too many sign-in attempts. Try again in 60 seconds.' },
        headers: { 'retry-after': '60' },
      },
      'Too many sign-in attempts. Try again in 60 seconds.',
    ],
    ['a server error text only', { status: 400, json: { error: 'Account locked' } }, 'Account locked'],
    ['a plain-text proxy error', { status: 502, text: 'Bad Gateway' }, 'Bad Gateway'],
    ['no server text: the client message', { status: 500 }, 'Request failed with status code 500'],
  ])('%s shows %j and stores nothing', async (_label, reply, expected) => {
    const { user } = await renderLogin(() => reply);
    await signInWith(user);
    expect((await screen.findByRole('alert')).textContent).toBe(expected);
    expect(session.getToken()).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(signInButton().getAttribute('aria-busy')).toBeNull();
  });

  it("the API unreachable shows 'No connection to PitClock. Check your signal and try again.'", async () => {
    renderRoutes(testClient(await closedPortUrl()).client, '/login', { '/login': <LoginPage /> });
    await signInWith(userEvent.setup());
    expect((await screen.findByRole('alert')).textContent).toBe(NETWORK_ERROR_TEXT);
  });

  it('the button is busy while the call is on its way, and a second submit sends nothing more', async () => {
    const login = held(granted);
    const { server, user } = await renderLogin(() => login.reply);
    await signInWith(user);
    expect(signInButton().getAttribute('aria-busy')).toBe('true');
    await user.click(signInButton());
    login.release();
    await screen.findByTestId('where');
    expect(server.on('/api/login')).toHaveLength(1);
  });

  it('shows the notice handed over by signup in a green banner, and the e-mail filled in', async () => {
    await renderLogin(undefined, { state: { notice: m.registered, email: 'pit@boss.test' } });
    const notice = screen.getByRole('status');
    expect(notice.textContent).toBe(m.registered);
    expect(notice.classList.contains('pc-banner--green')).toBe(true);
    expect(email().value).toBe('pit@boss.test');
  });

  it('arriving from signup with the e-mail filled in puts the cursor in Password; arriving without, in Email', async () => {
    await renderLogin(undefined, { state: { notice: m.registered, email: 'pit@boss.test' } });
    await waitFor(() => expect(document.activeElement).toBe(password()));
    cleanup();
    await renderLogin();
    await waitFor(() => expect(document.activeElement).toBe(email()));
    expect(screen.queryByText(m.emailRequired)).toBeNull();
  });

  it('leaving the form from the field it focused, before typing, shows no error; moving to the next field does', async () => {
    const { user } = await renderLogin();
    await waitFor(() => expect(document.activeElement).toBe(email()));
    // Towards a link under the form: nothing shows (it would push the link away from the tap).
    screen.getByRole('link', { name: 'Create one' }).focus();
    expect(screen.queryByText(m.emailRequired)).toBeNull();
    // Once left, the field behaves as every other: leaving it empty for the password shows the error.
    await user.click(email());
    await user.click(password());
    expect(await screen.findByText(m.emailRequired)).toBeTruthy();
  });

  it('the e-mail focused on arrival and left for the password, empty, shows its error (SPEC.md section 5)', async () => {
    const { user } = await renderLogin();
    await waitFor(() => expect(document.activeElement).toBe(email()));
    await user.click(password());
    expect(await screen.findByText(m.emailRequired)).toBeTruthy();
  });

  it('the error of a failed attempt goes when the next attempt starts', async () => {
    let calls = 0;
    const second = held(granted);
    const { user } = await renderLogin(() =>
      ++calls === 1
        ? { status: 401, json: { error: 'invalid_credentials', message: 'Invalid email or password.' } }
        : second.reply,
    );
    await signInWith(user);
    await screen.findByRole('alert');
    await user.click(signInButton());
    expect(screen.queryByRole('alert')).toBeNull();
    second.release();
    await screen.findByTestId('where');
  });
});
