import { useEffect, useRef, useState, type FocusEvent, type FormEvent, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { AUTH_MESSAGES, isTokenValid, readLoginToken, session } from '@pitclock/contracts';
import { API_PATHS } from '@pitclock/contracts/api-paths';
import { Banner, Button, PasswordField, TextField } from '@pitclock/design-system';
import { useApi } from '../../lib/api-context';
import { MAIN_CONTENT_ID } from '../../lib/main-content';
import { loginErrorText } from './auth-errors';
import { LoginForm, type LoginFormInput, type LoginFormOutput } from './auth-forms';
import { deviceInfo } from './device-info';
import { leaveField } from './leave-field';
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
  // SPEC.md section 5: an error shows once its field has been left, then follows every keystroke.
  const { register, handleSubmit, setFocus, formState } = useForm<LoginFormInput, unknown, LoginFormOutput>({
    mode: 'onTouched',
    resolver: zodResolver(LoginForm),
    defaultValues: { email: routeState?.email ?? '', password: '' },
  });
  const { errors, isValid } = formState;
  // Arriving from signup with the e-mail filled in: the password is what is left to type.
  const arrivedWithEmail = Boolean(routeState?.email);
  // The first field to fill has the focus on arrival: the e-mail, or the password after sign-up.
  const autoFocused = useRef<keyof LoginFormInput | null>(null);
  useEffect(() => {
    autoFocused.current = arrivedWithEmail ? 'password' : 'email';
    setFocus(autoFocused.current);
  }, [arrivedWithEmail, setFocus]);
  const field = (name: keyof LoginFormInput) => {
    const props = leaveField(register(name));
    const onBlur = (event: FocusEvent<HTMLInputElement>) => {
      const wasAutoFocused = autoFocused.current === name;
      autoFocused.current = null;
      // Leaving the form before typing anything in the field it gave the focus to (a tap on 'Create
      // one', say) is not leaving a field to fill: no 'required' error that would move the link away.
      const next = event.relatedTarget;
      const toForm = next instanceof Node && Boolean(event.currentTarget.form?.contains(next));
      if (wasAutoFocused && event.currentTarget.value === '' && !toForm) return;
      props.onBlur(event);
    };
    return { ...props, onBlur, error: errors[name]?.message };
  };

  const signIn = async ({ email, password }: LoginFormOutput) => {
    setPending(true);
    setError(null);
    setNotice(undefined);
    try {
      const body = await client.post<unknown>(
        API_PATHS.login,
        { email, password, device_info: deviceInfo() },
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
  const submit = (event?: FormEvent) => handleSubmit(signIn)(event);

  // Enter in a field of a form that is not valid yet (its button is disabled): a submit attempt, which
  // shows why nothing happens.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && !isValid) void submit();
  };

  return (
    <main id={MAIN_CONTENT_ID} className="auth-page">
      <div className="auth-card">
        <h1 className="auth-card__title">Sign in</h1>
        {notice ? <Banner tone="green">{notice}</Banner> : null}
        {error ? <Banner tone="red">{error}</Banner> : null}
        <form
          className="auth-form"
          noValidate
          onSubmit={(event) => {
            if (pending) event.preventDefault();
            else void submit(event);
          }}
          onKeyDown={onKeyDown}
        >
          <TextField
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="next"
            required
            {...field('email')}
          />
          <PasswordField
            label="Password"
            autoComplete="current-password"
            enterKeyHint="go"
            required
            {...field('password')}
          />
          <Button type="submit" size="lg" fullWidth loading={pending} disabled={!isValid}>
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
