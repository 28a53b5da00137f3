/** The public push services: FCM (Chrome, Edge, Android), Mozilla, Apple, and Windows (WNS). */
export const DEFAULT_PUSH_ORIGINS = [
  'https://fcm.googleapis.com',
  'https://android.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://web.push.apple.com',
  'https://*.notify.windows.com',
] as const;

/** An allowed origin: https only, the host exactly (or one label under it with '*.'), the port exactly. */
export type OriginRule = { host: string; port: string; wildcard: boolean };

const DEFAULT_HTTPS_PORT = '443';

const isIpLiteral = (host: string): boolean => host.startsWith('[') || /^[\d.]+$/.test(host);

/**
 * Reads one configured origin ('https://host[:port]' or 'https://*.domain[:port]'); a string explaining
 * what is wrong otherwise. Only a leading '*.' wildcard is supported, and only over a domain name.
 */
export const parseOriginRule = (entry: string): OriginRule | string => {
  const wildcard = entry.startsWith('https://*.');
  const text = wildcard ? `https://${entry.slice('https://*.'.length)}` : entry;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `'${entry}' is not a URL`;
  }
  if (url.protocol !== 'https:') return `'${entry}' is not https`;
  if (url.username || url.password || url.search || url.hash || url.pathname !== '/') {
    return `'${entry}' must be an origin only (https://host[:port])`;
  }
  if (text.slice('https://'.length).includes('*')) return `'${entry}': only a leading '*.' is supported`;
  if (wildcard && (isIpLiteral(url.hostname) || !url.hostname.includes('.'))) {
    return `'${entry}': a wildcard needs a domain with at least two labels`;
  }
  return { host: url.hostname, port: url.port || DEFAULT_HTTPS_PORT, wildcard };
};

export type EndpointCheck = { ok: true; url: URL } | { ok: false; reason: 'invalid' | 'not_allowed' };

const matches = (rule: OriginRule, url: URL): boolean => {
  if ((url.port || DEFAULT_HTTPS_PORT) !== rule.port) return false;
  if (!rule.wildcard) return url.hostname === rule.host;
  const suffix = `.${rule.host}`;
  const label = url.hostname.slice(0, -suffix.length);
  return url.hostname.endsWith(suffix) && label.length > 0 && !label.includes('.');
};

/**
 * Whether a subscription endpoint may be stored and called: an https URL ('invalid' otherwise) without
 * userinfo whose origin (scheme, host, port) one rule allows ('not_allowed' otherwise). Hosts are compared
 * after the URL parser's normalisation (lower case, IDNA, IPv4 forms), so 'https://0x7f.1/' is 127.0.0.1.
 */
export const checkEndpoint = (endpoint: string, rules: readonly OriginRule[]): EndpointCheck => {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  if (url.protocol !== 'https:') return { ok: false, reason: 'invalid' };
  if (url.username || url.password) return { ok: false, reason: 'not_allowed' };
  return rules.some((rule) => matches(rule, url)) ? { ok: true, url } : { ok: false, reason: 'not_allowed' };
};
