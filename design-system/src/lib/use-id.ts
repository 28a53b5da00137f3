import { useId } from 'react';

/** Returns `given` when provided, otherwise a stable generated id with the `pc-` prefix. */
export function useStableId(given?: string): string {
  const generated = useId();
  return given ?? `pc-${generated.replace(/[^a-zA-Z0-9_-]/g, '')}`;
}
