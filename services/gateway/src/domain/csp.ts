/** Only the origin of a configured URL goes into the policy (a path or query would not be a valid source). */
const origins = (urls: readonly string[]) => [...new Set(urls.map((url) => new URL(url).origin))];

/**
 * The Content-Security-Policy directives (helmet's camelCase form): the app's own origin, plus the
 * weather and cloud-backup hosts for fetch/XHR. style-src allows inline styles (React style attributes).
 */
export const cspDirectives = ({
  weatherHosts,
  backupHosts,
}: {
  weatherHosts: readonly string[];
  backupHosts: readonly string[];
}) => ({
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'", ...origins([...weatherHosts, ...backupHosts])],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
});
