import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router-dom';
import { AUTH_MESSAGES, type RegisterRequest } from '@pitclock/contracts';
import { API_PATHS } from '@pitclock/contracts/api-paths';
import { Banner, Button, PasswordField, TextField } from '@pitclock/design-system';
import { useApi } from '../../lib/api-context';
import { MAIN_CONTENT_ID } from '../../lib/main-content';
import { LegalLink } from '../../lib/legal-links';
import { signupErrorText } from './auth-errors';
import { SignupForm, type SignupFormInput, type SignupFormOutput } from './auth-forms';
import { deviceInfo } from './device-info';
import { leaveField } from './leave-field';
import type { LoginRouteState } from './login-page';
import './auth-page.css';

/** The register call gives up after this long (as login does). */
export const REGISTER_TIMEOUT_MS = 30_000;

/** /signup: Create an account; on success /login shows 'Account created. Please sign in.' */
export function SignupPage() {
  const client = useApi();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  // SPEC.md section 5: an error shows once its field has been left, then follows every keystroke.
  const { register, handleSubmit, trigger, getFieldState, formState } = useForm<
    SignupFormInput,
    unknown,
    SignupFormOutput
  >({
    mode: 'onTouched',
    resolver: zodResolver(SignupForm),
    defaultValues: { name: '', email: '', password: '', repeat: '' },
  });
  const { errors, isValid, isSubmitted } = formState;
  const field = (name: keyof SignupFormInput) => ({
    ...leaveField(register(name)),
    error: errors[name]?.message,
  });
  // A shown 'Passwords do not match' follows the password too.
  const password = register('password', {
    onChange: () => {
      if (isSubmitted || getFieldState('repeat').isTouched) void trigger('repeat');
    },
  });

  const signUp = async ({ name, email, password }: SignupFormOutput) => {
    setPending(true);
    setError(null);
    const request: RegisterRequest = { email, password, display_name: name, device_info: deviceInfo() };
    try {
      await client.post(API_PATHS.register, request, { auth: false, timeoutMs: REGISTER_TIMEOUT_MS });
      const state: LoginRouteState = { notice: AUTH_MESSAGES.registered, email };
      void navigate('/login', { state });
    } catch (err) {
      setError(signupErrorText(err));
      setPending(false);
    }
  };
  const submit = (event?: FormEvent) => handleSubmit(signUp)(event);

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && !isValid) void submit();
  };

  return (
    <main id={MAIN_CONTENT_ID} className="auth-page">
      <div className="auth-card">
        <h1 className="auth-card__title">Create an account</h1>
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
            label="Name"
            autoComplete="name"
            autoCapitalize="words"
            enterKeyHint="next"
            required
            {...field('name')}
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
            {...field('email')}
          />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            hint={AUTH_MESSAGES.passwordHint}
            enterKeyHint="next"
            required
            {...leaveField(password)}
            error={errors.password?.message}
          />
          <PasswordField
            label="Repeat password"
            autoComplete="new-password"
            enterKeyHint="go"
            required
            {...field('repeat')}
          />
          <Button type="submit" size="lg" fullWidth loading={pending} disabled={!isValid}>
            Create account
          </Button>
        </form>
        <p className="auth-card__legal">
          Before you create an account, read our <LegalLink to="/terms" label="Terms of Service" newTab /> and{' '}
          <LegalLink to="/privacy" label="Privacy Policy" newTab />.
        </p>
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
