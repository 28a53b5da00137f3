import { useCallback, useEffect, useState } from 'react';
import { toDiagnostics, type OfflineDiagnostics } from './offline-diagnostics';

export type DiagnosticsView = {
  /** undefined until the first read finished; null when nothing is stored. */
  report: OfflineDiagnostics | null | undefined;
  /** The failure of the last read, and whether it was a refresh (the earlier report is kept then). */
  error: { text: string; onRefresh: boolean } | null;
  busy: boolean;
};

type Read = () => Promise<unknown>;

const messageOf = (failure: unknown) =>
  failure instanceof Error
    ? failure.message || failure.name
    : typeof failure === 'string' && failure !== ''
      ? failure
      : 'Unknown error';

async function diagnose(read: Read): Promise<{ report: OfflineDiagnostics | null } | { failure: string }> {
  try {
    return { report: toDiagnostics(await read()) };
  } catch (failure) {
    return { failure: messageOf(failure) };
  }
}

/** Reads the offline database once at mount and again on refresh(). */
export function useOfflineDiagnostics(read: Read) {
  const [view, setView] = useState<DiagnosticsView>({ report: undefined, error: null, busy: true });

  useEffect(() => {
    let live = true;
    void diagnose(read).then((result) => {
      if (!live) return;
      setView(
        'failure' in result
          ? { report: undefined, error: { text: result.failure, onRefresh: false }, busy: false }
          : { report: result.report, error: null, busy: false },
      );
    });
    return () => {
      live = false;
    };
  }, [read]);

  const refresh = useCallback(async () => {
    setView((now) => ({ ...now, busy: true }));
    const result = await diagnose(read);
    setView((now) =>
      'failure' in result
        ? { report: now.report, error: { text: result.failure, onRefresh: true }, busy: false }
        : { report: result.report, error: null, busy: false },
    );
  }, [read]);

  return { ...view, refresh };
}
