// A local Web Push service for tests, benchmarks and fault tests: an https server that records every
// request, answers with a status chosen per subscription, and decrypts payloads with the subscription's
// private key (http_ece, aes128gcm) to prove what the notifier sent.
//
// Its certificate (test-fixtures/) is signed by a test-only CA whose private key was discarded; the
// server's private key is committed on purpose: it protects nothing but a receiver on 127.0.0.1 in tests.
// The notifier trusts the CA through NODE_EXTRA_CA_CERTS (set in vitest.config.ts for the test workers;
// a script spawning the notifier passes pushReceiverCaPath the same way) or an https.Agent with `ca`.
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import ece from 'http_ece';

const fixture = (name: string) => fileURLToPath(new URL(`../../test-fixtures/${name}`, import.meta.url));

/** The test CA's certificate (PEM file): for NODE_EXTRA_CA_CERTS or an https.Agent's `ca`. */
export const pushReceiverCaPath = fixture('push-receiver-ca.pem');

export type ReceivedPush = {
  /** The subscription endpoint the request was made to. */
  endpoint: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  receivedAtMs: number;
  /** The status the receiver answered. */
  status: number;
};

/** One answer: a status with headers, optionally late; `hang` never answers (a timeout test). */
export type ReceiverReply = {
  status: number;
  headers?: Record<string, string>;
  delayMs?: number;
  hang?: boolean;
};

/** A browser's subscription to this receiver, with the private half of its keys. */
export type TestSubscription = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The plaintext of an aes128gcm body sent to this subscription. */
  decrypt: (body: Buffer) => string;
};

export type VapidAuthorization = {
  publicKey: string;
  header: Record<string, unknown>;
  claims: { aud?: unknown; exp?: unknown; sub?: unknown };
  /** The JWT's ES256 signature verifies with the public key `k`. */
  signatureValid: boolean;
};

const jsonPart = (part: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

/** Reads a 'vapid t=<jwt>, k=<key>' Authorization header (RFC 8292) and checks its signature. */
export const readVapidAuthorization = (value: string | undefined): VapidAuthorization | undefined => {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(value ?? '');
  if (!match) return undefined;
  const [, header, claims, signature, publicKey] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
  ];
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signatureValid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  return { publicKey, header: jsonPart(header), claims: jsonPart(claims), signatureValid };
};

const newSubscription = (origin: string): TestSubscription => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return {
    endpoint: `${origin}/push/${randomBytes(12).toString('hex')}`,
    keys: { p256dh: ecdh.getPublicKey('base64url'), auth },
    decrypt: (body) =>
      ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString('utf8'),
  };
};

const readBody = (request: NodeJS.ReadableStream): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

export type PushReceiver = Awaited<ReturnType<typeof startPushReceiver>>;

/**
 * Starts the receiver on 127.0.0.1 (a free port unless given). Every request is recorded; the answer is
 * the next queued reply of its endpoint (reply()), else `defaultStatus` (201, as push services answer).
 */
export const startPushReceiver = async ({
  port = 0,
  defaultStatus = 201,
  keepAliveTimeoutMs,
}: {
  port?: number;
  defaultStatus?: number;
  /** How long an idle connection is kept (Node's default, 5 s, unless given). */
  keepAliveTimeoutMs?: number;
} = {}) => {
  const received: ReceivedPush[] = [];
  const replies = new Map<string, ReceiverReply[]>();
  let origin = '';
  const server: Server = createServer(
    {
      key: readFileSync(fixture('push-receiver-key.pem')),
      cert: readFileSync(fixture('push-receiver-cert.pem')),
    },
    (request, response) => {
      const endpoint = `${origin}${request.url ?? '/'}`;
      void readBody(request).then((body) => {
        const reply = replies.get(endpoint)?.shift() ?? { status: defaultStatus };
        received.push({
          endpoint,
          headers: request.headers,
          body,
          receivedAtMs: Date.now(),
          status: reply.status,
        });
        if (reply.hang) return;
        setTimeout(() => response.writeHead(reply.status, reply.headers).end(), reply.delayMs ?? 0);
      });
    },
  );
  if (keepAliveTimeoutMs !== undefined) server.keepAliveTimeout = keepAliveTimeoutMs;
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const pushesTo = (endpoint: string) => received.filter((push) => push.endpoint === endpoint);
  return {
    origin,
    /** A new subscription (fresh ECDH P-256 keys and a 16-byte auth secret) on this receiver. */
    subscription: () => newSubscription(origin),
    /** Queues answers for an endpoint, used in order before the default. */
    reply: (endpoint: string, ...answers: ReceiverReply[]) => {
      replies.set(endpoint, [...(replies.get(endpoint) ?? []), ...answers]);
    },
    received: (endpoint?: string) => (endpoint ? pushesTo(endpoint) : [...received]),
    /** Resolves with the endpoint's pushes once there are at least `count`; rejects after timeoutMs. */
    waitForPushes: async (endpoint: string, count = 1, timeoutMs = 20_000): Promise<ReceivedPush[]> => {
      const deadline = Date.now() + timeoutMs;
      while (pushesTo(endpoint).length < count) {
        if (Date.now() > deadline) {
          throw new Error(
            `${pushesTo(endpoint).length} of ${count} pushes to ${endpoint} within ${timeoutMs} ms`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return pushesTo(endpoint);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
