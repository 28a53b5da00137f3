import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { AUTH_MESSAGES, type RegisterRequest } from '@pitclock/contracts';
import { API_PATHS } from '@pitclock/contracts/api-paths';
import { Banner, Button, PasswordField, TextField } from '@pitclock/design-system';
import { useApi } from '../../lib/api-context';
import { signupErrorText } from './auth-errors';
import { signupErrors } from './auth-rules';
import { deviceInfo } from './device-info';
import type { LoginRouteState } from './login-page';
import { useForm } from './use-form';
import './auth-page.css';

/** The register call gives up after this long (as login does). */
export const REGISTER_TIMEOUT_MS = 30_000;

/** /signup: Create an account; on success /login shows 'Account created. Please sign in.' */
export function SignupPage() {
  const client = useApi();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const form = useForm({ name: '', email: '', password: '', repeat: '' }, signupErrors);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    if (!form.valid) {
      form.touchAll();
      return;
    }
    setPending(true);
    setError(null);
    const email = form.values.email.trim();
    const request: RegisterRequest = {
      email,
      password: form.values.password,
      display_name: form.values.name.trim(),
      device_info: deviceInfo(),
    };
    try {
      await client.post(API_PATHS.register, request, { auth: false, timeoutMs: REGISTER_TIMEOUT_MS });
      const state: LoginRouteState = { notice: AUTH_MESSAGES.registered, email };
      void navigate('/login', { state });
    } catch (err) {
      setError(signupErrorText(err));
      setPending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && !form.valid) form.touchAll();
  };

  return (
    <main className="auth-page">
      <div className="auth-card">
        <h1 className="auth-card__title">Create an account</h1>
        {error ? <Banner tone="red">{error}</Banner> : null}
        <form className="auth-form" noValidate onSubmit={(event) => void submit(event)} onKeyDown={onKeyDown}>
          <TextField
            label="Name"
            autoComplete="name"
            autoCapitalize="words"
            enterKeyHint="next"
            required
            {...form.field('name')}
          />
          <TextField
            label="Email"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="off"
            spellCheck={false}
            enterKeyHint="next"
            required
            {...form.field('email')}
          />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            hint={AUTH_MESSAGES.passwordHint}
            enterKeyHint="next"
            required
            {...form.field('password')}
          />
          <PasswordField
            label="Repeat password"
            autoComplete="new-password"
            enterKeyHint="go"
            required
            {...form.field('repeat')}
          />
          <Button type="submit" size="lg" fullWidth loading={pending} disabled={!form.valid}>
            Create account
          </Button>
        </form>
        <p className="auth-card__switch">
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
        <p className="auth-card__back">
          <Link to="/">Back to welcome</Link>
        </p>
      </div>
    </main>
  );
}
