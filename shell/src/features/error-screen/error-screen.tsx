import { useState } from 'react';
import { Button } from '@pitclock/design-system';
import './error-screen.css';

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

/** The top-level error screen of SPEC.md section 2. */
export function ErrorScreen({ error, componentStack, onTryAgain, onResetAppData }: ErrorScreenProps) {
  const [resetting, setResetting] = useState(false);
  return (
    <main className="error-screen" role="alert" aria-labelledby="error-screen-title">
      <h1 id="error-screen-title">PitClock hit an unexpected problem</h1>
      <p>
        Something went wrong while showing this screen. Try again first. If the problem keeps coming back,
        Reset App Data clears everything PitClock keeps on this device (your local cook-offs, templates and
        sign-in) and reloads the app.
      </p>
      <details className="error-screen__details">
        <summary>Technical details</summary>
        <pre>{technicalDetails(error, componentStack)}</pre>
      </details>
      <div className="error-screen__actions">
        <Button onClick={onTryAgain}>Try Again</Button>
        <Button
          variant="danger"
          loading={resetting}
          onClick={() => {
            setResetting(true);
            void onResetAppData();
          }}
        >
          Reset App Data
        </Button>
      </div>
    </main>
  );
}
