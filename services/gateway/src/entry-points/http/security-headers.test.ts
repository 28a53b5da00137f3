import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { cspDirectives } from '../../domain/csp';
import type { AnswerHead } from './answer-head';
import { createSecurityHeaders } from './security-headers';

const options = {
  contentSecurityPolicy: {
    useDefaults: false as const,
    directives: cspDirectives({ weatherHosts: ['https://weather.example'], backupHosts: [] }),
  },
};

/** An answer's head as the lane holds it before writing it (lower-case names, a line each). */
const answer = (headers: Record<string, string> = {}) => {
  const head: AnswerHead = {
    status: 200,
    statusText: undefined,
    headers: Object.entries(headers).flatMap(([name, value]) => [name.toLowerCase(), value]),
  };
  const lines = () => {
    const names = head.headers.filter((_, index) => index % 2 === 0);
    expect(new Set(names).size, 'one line per header').toBe(names.length);
    return Object.fromEntries(names.map((name, index) => [name, head.headers[2 * index + 1]]));
  };
  return { head, headers: lines };
};

describe('createSecurityHeaders', () => {
  it('completes an answer with exactly the headers helmet sets on a response', async () => {
    const security = createSecurityHeaders(options);
    const app = express();
    app.disable('x-powered-by');
    app.use(security.middleware);
    app.get('/', (_req, res) => void res.end());
    const fromHelmet = (await request(app).get('/')).headers;
    const { head, headers } = answer();
    security.complete(head);
    const completed = headers();
    expect(Object.keys(completed).length).toBeGreaterThan(10);
    for (const [name, value] of Object.entries(completed)) expect(fromHelmet[name], name).toBe(value);
    expect(completed['content-security-policy']).toContain("connect-src 'self' https://weather.example");
  });

  it("never replaces a header the instance's answer already has", () => {
    const security = createSecurityHeaders(options);
    const { head, headers } = answer({
      'X-Frame-Options': 'DENY',
      'Content-Security-Policy': "default-src 'none'",
    });
    security.complete(head);
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
