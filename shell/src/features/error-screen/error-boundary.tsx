import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen';
import { browserResetDeps, resetAppData, type ResetDeps } from './reset-app-data';

export type ErrorBoundaryProps = {
  children: ReactNode;
  /** Called by Try Again before the app renders again (lets failed lazy loads start over). */
  onTryAgain?: () => void;
  /** Storage, database and reload used by Reset App Data (the browser's by default). */
  resetDeps?: () => ResetDeps;
};

type State = { error: unknown; componentStack?: string; failed: boolean };

/** Catches a fatal render error anywhere below it and shows the error screen instead. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.setState({ componentStack: info.componentStack ?? undefined });
    console.error('PitClock: fatal render error', error);
  }

  private readonly tryAgain = () => {
    this.props.onTryAgain?.();
    this.setState({ error: null, componentStack: undefined, failed: false });
  };

  private readonly reset = () => resetAppData((this.props.resetDeps ?? browserResetDeps)());

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <ErrorScreen
        error={this.state.error}
        componentStack={this.state.componentStack}
        onTryAgain={this.tryAgain}
        onResetAppData={this.reset}
      />
    );
  }
}
