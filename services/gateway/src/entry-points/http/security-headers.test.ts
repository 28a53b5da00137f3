import type { IncomingMessage, ServerResponse } from 'node:http';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { cspDirectives } from '../../domain/csp';
import { createSecurityHeaders } from './security-headers';

const options = {
  contentSecurityPolicy: {
    useDefaults: false as const,
    directives: cspDirectives({ weatherHosts: ['https://weather.example'], backupHosts: [] }),
  },
};

/** A response that only keeps its headers, as the lane's answers are before they are written. */
const answer = (headers: Record<string, string> = {}) => {
  const kept = new Map(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
  const res = {
    hasHeader: (name: string) => kept.has(name.toLowerCase()),
    setHeader: (name: string, value: string) => void kept.set(name.toLowerCase(), value),
  };
  return { res: res as unknown as ServerResponse, headers: () => Object.fromEntries(kept) };
};

describe('createSecurityHeaders', () => {
  it('completes an answer with exactly the headers helmet sets on a response', async () => {
    const security = createSecurityHeaders(options);
    const app = express();
    app.disable('x-powered-by');
    app.use(security.middleware);
    app.get('/', (_req, res) => void res.end());
    const fromHelmet = (await request(app).get('/')).headers;
    const { res, headers } = answer();
    security.complete({} as IncomingMessage, res);
    const completed = headers();
    expect(Object.keys(completed).length).toBeGreaterThan(10);
    for (const [name, value] of Object.entries(completed)) expect(fromHelmet[name], name).toBe(value);
    expect(completed['content-security-policy']).toContain("connect-src 'self' https://weather.example");
  });

  it("never replaces a header the instance's answer already has", () => {
    const security = createSecurityHeaders(options);
    const { res, headers } = answer({
      'X-Frame-Options': 'DENY',
      'Content-Security-Policy': "default-src 'none'",
    });
    security.complete({} as IncomingMessage, res);
    expect(headers()).toMatchObject({
      'x-frame-options': 'DENY',
      'content-security-policy': "default-src 'none'",
      'x-content-type-options': 'nosniff',
    });
  });

  it('refuses options whose headers change per request (a directive computed by a function)', () => {
    let nonce = 0;
    expect(() =>
      createSecurityHeaders({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: { defaultSrc: ["'self'"], scriptSrc: [() => `'nonce-${(nonce += 1)}'`] },
        },
      }),
    ).toThrow(/vary per request/);
  });
});
