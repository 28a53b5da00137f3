import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_MESSAGES, NETWORK_ERROR_TEXT, session } from '@pitclock/contracts';
import { held } from '@pitclock/contracts/testing';
import { renderRoutes } from '../../test/render-pages';
import { closedPortUrl, startTestServer, testClient, type Reply } from '../../test/test-server';
import { LoginPage } from './login-page';
import { SignupPage } from './signup-page';

const m = AUTH_MESSAGES;
const GOOD = { name: 'Pit Boss', email: 'pit@boss.test', password: 'smoke-ring', repeat: 'smoke-ring' };

async function renderSignup(reply: () => Reply = () => ({ status: 201, json: { message: m.registered } })) {
  const server = await startTestServer((req) =>
    req.path === '/api/auth/register' ? reply() : { status: 404 },
  );
  renderRoutes(testClient(server.url).client, '/signup', {
    '/signup': <SignupPage />,
    '/login': <LoginPage />,
  });
  return { server, user: userEvent.setup() };
}

const field = {
  name: () => screen.getByLabelText(/^Name/),
  email: () => screen.getByLabelText(/^Email/),
  password: () => screen.getByLabelText(/^Password/),
  repeat: () => screen.getByLabelText(/^Repeat password/),
};
const submitButton = () => screen.getByRole('button', { name: 'Create account' }) as HTMLButtonElement;
const errorTexts = () => [...document.querySelectorAll('.pc-field__error')].map((e) => e.textContent);

async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<typeof GOOD> = GOOD) {
  for (const [key, value] of Object.entries(values) as [keyof typeof GOOD, string][]) {
    await user.clear(field[key]());
    if (value !== '') await user.type(field[key](), value);
  }
}

describe('signup form: validation (SPEC.md section 5)', () => {
  it('shows the title, the four fields, the standing password hint and no error before any field is left', async () => {
    await renderSignup();
    expect(screen.getByRole('heading', { name: 'Create an account' })).toBeTruthy();
    for (const get of Object.values(field)) expect(get()).toBeTruthy();
    expect(screen.getByText(m.passwordHint)).toBeTruthy();
    expect(errorTexts()).toEqual([]);
  });

  it("'Name must be at least 2 characters' appears only once the name is left, and goes when it is fixed", async () => {
    const { user } = await renderSignup();
    await user.type(field.name(), 'A');
    expect(screen.queryByText(m.nameTooShort)).toBeNull();
    await user.tab();
    expect(screen.getByText(m.nameTooShort)).toBeTruthy();
    expect(field.name().getAttribute('aria-invalid')).toBe('true');
    await user.type(field.name(), 'l');
    expect(screen.queryByText(m.nameTooShort)).toBeNull();
  });

  it('the name is trimmed: two letters padded with spaces still count as too short only when under 2', async () => {
    const { user } = await renderSignup();
    await user.type(field.name(), '  A   ');
    await user.tab();
    expect(screen.getByText(m.nameTooShort)).toBeTruthy();
    await user.clear(field.name());
    await user.type(field.name(), ' Al ');
    expect(screen.queryByText(m.nameTooShort)).toBeNull();
  });

  it("'Enter a valid email address' appears once the e-mail is left with no x@y.z shape", async () => {
    const { user } = await renderSignup();
    await user.type(field.email(), 'pit@boss');
    expect(screen.queryByText(m.emailInvalid)).toBeNull();
    await user.tab();
    expect(screen.getByText(m.emailInvalid)).toBeTruthy();
    await user.type(field.email(), '.test');
    expect(screen.queryByText(m.emailInvalid)).toBeNull();
  });

  it("an e-mail left empty also shows 'Enter a valid email address'", async () => {
    const { user } = await renderSignup();
    await user.click(field.email());
    await user.tab();
    expect(screen.getByText(m.emailInvalid)).toBeTruthy();
  });

  it("'Password must be at least 8 characters' appears once the password is left short, beside the standing hint", async () => {
    const { user } = await renderSignup();
    await user.type(field.password(), '1234567');
    expect(screen.queryByText(m.passwordTooShort)).toBeNull();
    await user.tab(); // to the show/hide button: not leaving the field
    expect(screen.queryByText(m.passwordTooShort)).toBeNull();
    await user.tab();
    expect(screen.getByText(m.passwordTooShort)).toBeTruthy();
    expect(screen.getByText(m.passwordHint)).toBeTruthy();
    await user.type(field.password(), '8');
    expect(screen.queryByText(m.passwordTooShort)).toBeNull();
  });

  it("'Passwords do not match' appears once the repeat is left different, and follows later password changes", async () => {
    const { user } = await renderSignup();
    await user.type(field.password(), 'smoke-ring');
    await user.type(field.repeat(), 'smoke-rinG');
    expect(screen.queryByText(m.passwordsDoNotMatch)).toBeNull();
    await user.click(field.name());
    expect(screen.getByText(m.passwordsDoNotMatch)).toBeTruthy();
    await user.clear(field.password());
    await user.type(field.password(), 'smoke-rinG');
    expect(screen.queryByText(m.passwordsDoNotMatch)).toBeNull();
  });

  it('Create account is disabled until every field is valid, and again when one turns invalid', async () => {
    const { user } = await renderSignup();
    expect(submitButton().disabled).toBe(true);
    await fill(user, { ...GOOD, repeat: '' });
    expect(submitButton().disabled).toBe(true);
    await user.type(field.repeat(), GOOD.password);
    expect(submitButton().disabled).toBe(false);
    await user.type(field.email(), ' x');
    expect(submitButton().disabled).toBe(true);
  });

  it('Enter on an invalid form sends nothing and shows every field’s error', async () => {
    const { server, user } = await renderSignup();
    await user.type(field.name(), 'Al{Enter}');
    expect(errorTexts()).toEqual([m.emailInvalid, m.passwordTooShort]);
    expect(server.requests).toHaveLength(0);
  });

  it('the show/hide toggle reveals and hides each password', async () => {
    const { user } = await renderSignup();
    await user.type(field.password(), 'smoke-ring');
    const [showPassword, showRepeat] = screen.getAllByRole('button', { name: 'Show password' });
    expect(field.password().getAttribute('type')).toBe('password');
    await user.click(showPassword!);
    expect(field.password().getAttribute('type')).toBe('text');
    expect(field.repeat().getAttribute('type')).toBe('password');
    await user.click(showRepeat!);
    expect(field.repeat().getAttribute('type')).toBe('text');
    await user.click(screen.getAllByRole('button', { name: 'Hide password' })[0]!);
    expect(field.password().getAttribute('type')).toBe('password');
  });

  it("has the 'Sign in' and 'Back to welcome' links", async () => {
    await renderSignup();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.getByRole('link', { name: 'Back to welcome' }).getAttribute('href')).toBe('/');
  });
});

describe('signup form: the register call', () => {
  it('Enter submits: POST /auth/register with trimmed e-mail and name, the password and device_info, no bearer', async () => {
    const { server, user } = await renderSignup();
    await fill(user, { ...GOOD, name: '  Pit Boss ', email: ' pit@boss.test ', repeat: '' });
    await user.type(field.repeat(), `${GOOD.password}{Enter}`);
    await screen.findByRole('heading', { name: 'Sign in' });
    const [request] = server.on('/api/auth/register');
    expect(request?.method).toBe('POST');
    expect(request?.headers.authorization).toBeUndefined();
    const body = request?.json as Record<string, unknown> & {
      device_info: { device_id: string; name: string };
    };
    expect(body).toMatchObject({ email: 'pit@boss.test', password: GOOD.password, display_name: 'Pit Boss' });
    expect(body.device_info.device_id).toBe(session.getDeviceId());
    expect(body.device_info.device_id).toMatch(/^device-.{0,24}-[a-z0-9]{6}$/);
    expect(typeof body.device_info.name).toBe('string');
  });

  it("on success /login opens with 'Account created. Please sign in.' in a green banner and the e-mail filled in", async () => {
    const { user } = await renderSignup();
    await fill(user);
    await user.click(submitButton());
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toBe(m.registered);
    expect(notice.classList.contains('pc-banner--green')).toBe(true);
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe(GOOD.email);
    expect(session.getToken()).toBeNull();
  });

  it('the button shows it is busy while the call is on its way', async () => {
    const register = held({ status: 201, json: { message: m.registered } });
    const { user } = await renderSignup(() => register.reply);
    await fill(user);
    await user.click(submitButton());
    expect(submitButton().getAttribute('aria-busy')).toBe('true');
    register.release();
    await screen.findByRole('heading', { name: 'Sign in' });
  });

  it.each<[string, Reply, string]>([
    [
      'the e-mail taken (409)',
      { status: 409, json: { error: 'email_taken', message: 'An account with this email already exists.' } },
      '409 - An account with this email already exists.',
    ],
    [
      'a server error code only',
      { status: 400, json: { error: 'validation_failed' } },
      '400 - validation_failed',
    ],
    ['a plain-text proxy error', { status: 502, text: 'Bad Gateway' }, '502 - Bad Gateway'],
    ['no server text at all: the client message', { status: 500 }, 'Request failed with status code 500'],
  ])('%s shows %j', async (_label, reply, expected) => {
    const { user } = await renderSignup(() => reply);
    await fill(user);
    await user.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe(expected);
    expect(screen.getByRole('heading', { name: 'Create an account' })).toBeTruthy();
    expect(submitButton().getAttribute('aria-busy')).toBeNull();
  });

  it('the API unreachable shows the network text', async () => {
    renderRoutes(testClient(await closedPortUrl()).client, '/signup', { '/signup': <SignupPage /> });
    const user = userEvent.setup();
    await fill(user);
    await user.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe(NETWORK_ERROR_TEXT);
  });

  it('a second submit while the first is on its way sends nothing more', async () => {
    const register = held({ status: 201, json: {} });
    const { server, user } = await renderSignup(() => register.reply);
    await fill(user);
    await user.click(submitButton());
    await user.click(submitButton());
    await user.keyboard('{Enter}');
    register.release();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy());
    expect(server.on('/api/auth/register')).toHaveLength(1);
  });
});
