/**
 * The value of a Prometheus sample in a /metrics text: the first line of `name` whose labels include all
 * of `labels` (other labels, such as the default service label, may be present). Undefined when absent.
 */
export const metricValue = (
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined => {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = new Map(
      [...(match[2] ?? '').matchAll(/\b(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => present.get(key) === value)) return Number(match[3]);
  }
  return undefined;
};
