import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AUTH_MESSAGES, isTokenValid, readLoginToken, session } from '@pitclock/contracts';
import { API_PATHS } from '@pitclock/contracts/api-paths';
import { Banner, Button, PasswordField, TextField } from '@pitclock/design-system';
import { useApi } from '../../lib/api-context';
import { loginErrorText } from './auth-errors';
import { loginErrors } from './auth-rules';
import { deviceInfo } from './device-info';
import { useForm } from './use-form';
import './auth-page.css';

/** SPEC.md section 7 and 9: the login call gives up after 30 s. */
export const LOGIN_TIMEOUT_MS = 30_000;

/** What /signup hands to /login in the router state. */
export type LoginRouteState = { notice?: string; email?: string } | null;

export type LoginPageProps = {
  /** Replaceable in tests; the app always uses LOGIN_TIMEOUT_MS. */
  timeoutMs?: number;
};

const readState = (state: unknown): LoginRouteState =>
  typeof state === 'object' && state !== null ? (state as LoginRouteState) : null;

/** /login: Sign in with e-mail and password; stores the tokens and opens /contests. */
export function LoginPage({ timeoutMs = LOGIN_TIMEOUT_MS }: LoginPageProps) {
  const client = useApi();
  const navigate = useNavigate();
  const routeState = readState(useLocation().state);
  const [notice, setNotice] = useState(routeState?.notice);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const form = useForm({ email: routeState?.email ?? '', password: '' }, loginErrors);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!form.valid) {
      form.touchAll();
      return;
    }
    setPending(true);
    setError(null);
    setNotice(undefined);
    try {
      const body = await client.post<unknown>(
        API_PATHS.login,
        { email: form.values.email.trim(), password: form.values.password, device_info: deviceInfo() },
        { auth: false, timeoutMs },
      );
      const token = readLoginToken(body);
      if (token === null || !isTokenValid(token, Date.now() / 1000)) {
        setError(AUTH_MESSAGES.noToken);
        return;
      }
      const refreshToken = (body as { refresh_token?: unknown }).refresh_token;
      session.setTokens({
        token,
        refresh_token: typeof refreshToken === 'string' && refreshToken !== '' ? refreshToken : null,
      });
      void navigate('/contests', { replace: true });
    } catch (err) {
      setError(loginErrorText(err));
    } finally {
      setPending(false);
    }
  };

  // Enter in a field of a form that is not valid yet: show why nothing happens.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && !form.valid) form.touchAll();
  };

  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1 className="auth-card__title">Sign in</h1>
        {notice ? <Banner tone="green">{notice}</Banner> : null}
        {error ? <Banner tone="red">{error}</Banner> : null}
        <form className="auth-form" noValidate onSubmit={(event) => void submit(event)} onKeyDown={onKeyDown}>
          <TextField
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="next"
            required
            {...form.field('email')}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            // Arriving from signup with the e-mail filled in: the password is what is left to type.
            autoFocus={Boolean(routeState?.email)}
            enterKeyHint="go"
            required
            {...form.field('password')}
          />
          <Button type="submit" size="lg" fullWidth loading={pending} disabled={!form.valid}>
            Sign in
          </Button>
        </form>
        <p className="auth-card__switch">
          No account yet? <Link to="/signup">Create one</Link>
        </p>
        <p className="auth-card__back">
          <Link to="/">Back to welcome</Link>
        </p>
      </div>
    </main>
  );
}
