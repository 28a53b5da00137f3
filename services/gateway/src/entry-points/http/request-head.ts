import type { IncomingMessage } from 'node:http';
import { TLSSocket } from 'node:tls';

/** Hop-by-hop headers (RFC 9110 section 7.6.1): never forwarded as they are, in either direction. */
export const hopByHopHeaders: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * The header lines of a request the proxy does not pass on as they came: the hop-by-hop ones; the body's
 * framing (the body is buffered whole and goes with a length of its own, so no Expect: 100-continue); the
 * gateway's request id and the X-Forwarded-* headers, which it sets itself (appending to the client's).
 */
const notForwarded: ReadonlySet<string> = new Set([
  ...hopByHopHeaders,
  'content-length',
  'expect',
  'x-request-id',
  'x-forwarded-for',
  'x-forwarded-port',
  'x-forwarded-proto',
  'x-forwarded-host',
]);

/**
 * What the proxy needs of a request's header lines, read in one pass over req.rawHeaders: Node builds
 * req.headers (an object, each name lower-cased and each repeated header merged) only when it is first
 * read, and a proxied call has no other use for it. Values of repeated headers are joined with ', ' as
 * Node joins them; Host is the first, as in req.headers.
 */
export type RequestHead = {
  /**
   * The end-to-end header lines, flat (name, value, name, value...), names lower-cased, each line as the
   * client sent it (a repeated header keeps its lines, which the instance merges as Node would have).
   */
  lines: string[];
  host: string | undefined;
  requestId: string | undefined;
  contentLength: string | undefined;
  transferEncoding: string | undefined;
  connection: string | undefined;
  forwardedFor: string | undefined;
  forwardedPort: string | undefined;
  forwardedProto: string | undefined;
  forwardedHost: string | undefined;
};

const joined = (before: string | undefined, value: string) =>
  before === undefined ? value : `${before}, ${value}`;

/** The tokens a Connection header names, lower-cased, beyond keep-alive and close. */
const namedByConnection = (connection: string): string[] =>
  connection
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter((token) => token !== '' && !hopByHopHeaders.has(token) && token !== 'close');

/** Header lines (flat, names lower-cased) without those `names` lists. */
export const withoutHeaders = (lines: readonly string[], names: readonly string[]): string[] => {
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i += 2) {
    if (!names.includes(lines[i]!)) kept.push(lines[i]!, lines[i + 1]!);
  }
  return kept;
};

/** Reads a request's header lines once (see RequestHead). */
export const readRequestHead = (req: IncomingMessage): RequestHead => {
  const raw = req.rawHeaders;
  const head: RequestHead = {
    lines: [],
    host: undefined,
    requestId: undefined,
    contentLength: undefined,
    transferEncoding: undefined,
    connection: undefined,
    forwardedFor: undefined,
    forwardedPort: undefined,
    forwardedProto: undefined,
    forwardedHost: undefined,
  };
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    const value = raw[i + 1]!;
    if (!notForwarded.has(name)) {
      if (name === 'host') head.host ??= value;
      head.lines.push(name, value);
      continue;
    }
    switch (name) {
      case 'x-request-id':
        head.requestId = joined(head.requestId, value);
        break;
      case 'content-length':
        head.contentLength ??= value;
        break;
      case 'transfer-encoding':
        head.transferEncoding = joined(head.transferEncoding, value);
        break;
      case 'connection':
        head.connection = joined(head.connection, value);
        break;
      case 'x-forwarded-for':
        head.forwardedFor = joined(head.forwardedFor, value);
        break;
      case 'x-forwarded-port':
        head.forwardedPort = joined(head.forwardedPort, value);
        break;
      case 'x-forwarded-proto':
        head.forwardedProto = joined(head.forwardedProto, value);
        break;
      case 'x-forwarded-host':
        head.forwardedHost = joined(head.forwardedHost, value);
        break;
      default:
        break;
    }
  }
  // Headers the Connection header names are hop-by-hop too. Usually it names only keep-alive (or close).
  if (head.connection !== undefined) {
    const lower = head.connection.toLowerCase();
    if (lower !== 'keep-alive' && lower !== 'close') {
      const named = namedByConnection(head.connection);
      if (named.length > 0) head.lines = withoutHeaders(head.lines, named);
    }
  }
  return head;
};

/** The request announced a body (Content-Length, even 0, or Transfer-Encoding). */
export const declaresBody = (head: RequestHead): boolean =>
  head.contentLength !== undefined || head.transferEncoding !== undefined;

const appendForwarded = (existing: string | undefined, value: string) =>
  existing ? `${existing},${value}` : value;

/** The port a Host header names ('example.org:8443' -> '8443'), the last few remembered. */
const hostPorts = new Map<string, string | undefined>();
const portOfHost = (host: string): string | undefined => {
  if (hostPorts.has(host)) return hostPorts.get(host);
  const port = /:(\d+)$/.exec(host)?.[1];
  if (hostPorts.size >= 256) hostPorts.clear();
  hostPorts.set(host, port);
  return port;
};

/**
 * The header lines the instance receives: the client's end-to-end lines, the gateway's request id, and
 * X-Forwarded-For/-Port/-Proto (appended to what the client sent, as http-proxy's xfwd did) and
 * X-Forwarded-Host (the client's, else its Host). The body's length is the upstream client's to set.
 */
export const forwardedHeaderLines = (
  req: IncomingMessage,
  head: RequestHead,
  requestId: string | undefined,
): string[] => {
  const lines = head.lines.slice();
  if (requestId) lines.push('x-request-id', requestId);
  const { socket } = req;
  const encrypted = socket instanceof TLSSocket && socket.encrypted;
  const hostPort = head.host === undefined ? undefined : portOfHost(head.host);
  lines.push(
    'x-forwarded-for',
    appendForwarded(head.forwardedFor, socket.remoteAddress ?? ''),
    'x-forwarded-port',
    appendForwarded(head.forwardedPort, hostPort ?? (encrypted ? '443' : '80')),
    'x-forwarded-proto',
    appendForwarded(head.forwardedProto, encrypted ? 'https' : 'http'),
    'x-forwarded-host',
    head.forwardedHost ?? head.host ?? '',
  );
  return lines;
};
