/**
 * The warning to log when Redis would evict keys under memory pressure: Bull's keys (delayed jobs, locks)
 * must never be evicted, so the queue's Redis needs maxmemory-policy noeviction. Undefined when all is well.
 */
export const evictionPolicyWarning = (policy: string | undefined): string | undefined => {
  if (policy === undefined)
    return 'could not read Redis maxmemory-policy (CONFIG may be disabled); the queue needs noeviction';
  if (policy === 'noeviction') return undefined;
  return `Redis maxmemory-policy is '${policy}': queued push jobs can be evicted under memory pressure; set noeviction`;
};
