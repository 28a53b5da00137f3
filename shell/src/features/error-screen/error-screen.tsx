import { useState } from 'react';
import { Button, ConfirmDialog } from '@pitclock/design-system';
import './error-screen.css';

export const ERROR_SCREEN_TEXT = {
  title: 'PitClock hit an unexpected problem',
  message:
    'Something went wrong while showing this screen. Try again first. If the problem keeps coming back, ' +
    'Reset App Data clears everything PitClock keeps on this device (your local cook-offs, templates and ' +
    'sign-in) and reloads the app.',
  details: 'Technical details',
  tryAgain: 'Try Again',
  reset: 'Reset App Data',
  resetConfirmTitle: 'Reset App Data?',
  resetConfirmMessage:
    'This deletes everything PitClock keeps on this device: your cook-offs, templates, steps, categories, ' +
    'runs and notes, your settings and your sign-in. Anything not synced or backed up is lost for good.',
  cancel: 'Cancel',
} as const;

const T = ERROR_SCREEN_TEXT;

export type ErrorScreenProps = {
  error: unknown;
  componentStack?: string;
  onTryAgain: () => void;
  onResetAppData: () => Promise<void> | void;
};

function technicalDetails(error: unknown, componentStack?: string): string {
  const head = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  return componentStack ? `${head}\n\nComponent stack:${componentStack}` : head;
}

/**
 * The top-level error screen of SPEC.md section 2: the page's main content with its heading; only the
 * explanation is announced (role=alert). Reset App Data asks first, naming what it deletes.
 */
export function ErrorScreen({ error, componentStack, onTryAgain, onResetAppData }: ErrorScreenProps) {
  const [confirming, setConfirming] = useState(false);
  const [resetting, setResetting] = useState(false);
  return (
    <main className="error-screen" aria-labelledby="error-screen-title">
      <h1 id="error-screen-title">{T.title}</h1>
      <p role="alert">{T.message}</p>
      <details className="error-screen__details">
        <summary>{T.details}</summary>
        <pre>{technicalDetails(error, componentStack)}</pre>
      </details>
      <div className="error-screen__actions">
        <Button onClick={onTryAgain}>{T.tryAgain}</Button>
        <Button variant="danger" loading={resetting} onClick={() => setConfirming(true)}>
          {T.reset}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={T.resetConfirmTitle}
        message={T.resetConfirmMessage}
        confirmLabel={T.reset}
        cancelLabel={T.cancel}
        destructive
        busy={resetting}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setResetting(true);
          void onResetAppData();
        }}
      />
    </main>
  );
}
