import { Banner } from '@pitclock/design-system';
import type { AdminError } from '../store';

/** The AdminError of a failed RTK Query call (its error is typed wider than the base query's). */
export const asAdminError = (error: unknown): AdminError =>
  typeof error === 'object' && error !== null && typeof (error as AdminError).message === 'string'
    ? (error as AdminError)
    : { status: 0, message: '' };

export type FailureBannerProps = {
  /** What failed, in SPEC.md section 8's words ('Failed to fetch devices'). */
  title: string;
  /** The failure: its server text is shown under the title (unless it only repeats it). */
  error: unknown;
  onDismiss?: () => void;
};

/** A red banner (role alert) for a failed call: SPEC's default text, then the server's own text. */
export function FailureBanner({ title, error, onDismiss }: FailureBannerProps) {
  const { message } = asAdminError(error);
  const detail = message.trim() !== '' && message !== title ? message : undefined;
  return (
    <Banner tone="red" title={title} onDismiss={onDismiss}>
      {detail}
    </Banner>
  );
}
