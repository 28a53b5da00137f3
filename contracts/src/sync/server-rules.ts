// The server's rules of the push/pull protocol that do not depend on how records are stored: which
// of a push's mutations to apply, and how a pull's cookie moves on. The sync service applies them over
// PostgreSQL; the convergence property test over memory.
import type { Cookie, NumberedMutation } from './replica';
import type { Scope } from './records';

/**
 * The mutations of a push to apply, given the last one applied from this device: those already
 * applied are skipped (a push sent twice changes nothing the second time), and nothing after a gap is
 * applied (a lost earlier push is sent again first: changes are applied in the order they were made).
 */
export function mutationsToApply(
  lastApplied: number,
  mutations: readonly NumberedMutation[],
): { apply: NumberedMutation[]; lastMutationId: number } {
  const apply: NumberedMutation[] = [];
  let last = lastApplied;
  for (const mutation of [...mutations].sort((a, b) => a.mid - b.mid)) {
    if (mutation.mid <= last) continue;
    if (mutation.mid !== last + 1) break;
    apply.push(mutation);
    last = mutation.mid;
  }
  return { apply, lastMutationId: last };
}

/** Where each readable scope starts: the device's cookie, 0 for a scope it has not read yet. */
export const pullStarts = (scopes: readonly Scope[], cookie: Cookie): Map<Scope, number> =>
  new Map(scopes.map((scope) => [scope, Math.max(0, Math.floor(cookie[scope] ?? 0))]));
