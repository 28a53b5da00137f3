import { useState } from 'react';
import { Button } from '@pitclock/design-system';

/** SPEC.md section 8: what a failed copy says. */
export const COPY_FAILED_TEXT = 'Copy failed. You can select the code and copy it manually.';

export type CopyButtonProps = {
  /** The text put on the clipboard. */
  text: string;
  /** The button's accessible name, e.g. 'Copy code SUMMER'. Default 'Copy'. */
  label?: string;
  /** Where the text goes (default the browser's clipboard). */
  writeText?: (text: string) => Promise<void>;
};

const browserClipboard = (text: string) => {
  if (!navigator.clipboard) return Promise.reject(new Error('No clipboard'));
  return navigator.clipboard.writeText(text);
};

/** Copies `text`; says 'Copied' for a moment, or the manual-copy hint when the clipboard refuses. */
export function CopyButton({ text, label = 'Copy', writeText = browserClipboard }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = () => {
    writeText(text).then(
      () => {
        setState('copied');
        setTimeout(() => setState((now) => (now === 'copied' ? 'idle' : now)), 2_000);
      },
      () => setState('failed'),
    );
  };
  return (
    <span className="admin-copy">
      <Button variant="secondary" onClick={copy} aria-label={label}>
        {state === 'copied' ? 'Copied' : 'Copy'}
      </Button>
      {state === 'failed' ? (
        <span role="alert" className="admin-copy__error">
          {COPY_FAILED_TEXT}
        </span>
      ) : null}
    </span>
  );
}
