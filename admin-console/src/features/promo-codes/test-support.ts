// Test-only: a local licensing service for the promo-code screen. It speaks the contracts' schemas (every
// body and query it receives is parsed with them, every answer is checked against them) and keeps its
// codes in memory, like services/licensing does in PostgreSQL; the list answers keyset pages as the
// service does when asked for one (page-backend.test-support.ts).
import {
  CreatePromoCodeRequest,
  LICENSING_MESSAGES,
  PROMO_CODES_PAGE,
  PromoCode,
  PromoCodeIdParam,
  PromoCodesPageQuery,
  PromoCodesPageResponse,
  PromoCodesResponse,
  asksForPage,
} from '@pitclock/contracts/schemas';
import {
  startTestServer,
  type ReceivedRequest,
  type Reply,
  type TestServer,
} from '@pitclock/contracts/testing';
import type { z } from 'zod';
import { contains, pageOf } from '../../lib/page-backend.test-support';
import { remainingUses } from './promo-rules';

export const ADMIN_TOKEN = 'admin-token';
export const USER_TOKEN = 'user-token';

export type PromoServer = TestServer & {
  codes: PromoCode[];
  /** Answers first when it returns a reply (a failure, a delay), else the service answers. */
  override: ((req: ReceivedRequest) => Reply | undefined | Promise<Reply | undefined>) | null;
};

const m = LICENSING_MESSAGES;
const TOGGLE = /^\/api\/promo-codes\/([^/]+)\/toggle$/;

/** A stored code as the service answers it (remaining_uses derived, like services/licensing's view). */
export function promoCode(over: Partial<PromoCode> & Pick<PromoCode, 'id' | 'code'>): PromoCode {
  const code = {
    max_uses: null,
    used_count: 0,
    license_days: null,
    expires_at: null,
    is_active: true,
    created_at: '2026-05-01T10:00:00.000Z',
    ...over,
  };
  return PromoCode.parse({ ...code, remaining_uses: remainingUses(code.max_uses, code.used_count) });
}

const validationFailed = (issues: { path: string; message: string; code: string }[]): Reply => ({
  status: 400,
  json: {
    error: 'validation_failed',
    message: issues[0]?.message ?? 'Request is invalid',
    details: { issues },
  },
});

const issuesOf = (error: z.ZodError) =>
  error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
    code: issue.code,
  }));

function authorize(req: ReceivedRequest): Reply | undefined {
  const auth = req.headers.authorization;
  if (auth === `Bearer ${ADMIN_TOKEN}`) return undefined;
  if (auth === `Bearer ${USER_TOKEN}`)
    return { status: 403, json: { error: 'forbidden', message: m.adminOnly } };
  return { status: 401, json: { error: 'unauthorized', message: 'Missing or invalid bearer token' } };
}

/** Starts the service with `codes` (newest first). `now` judges whether a new expiry lies in the future. */
export async function startPromoServer(
  codes: PromoCode[] = [],
  now = () => Date.now(),
): Promise<PromoServer> {
  let nextId = Math.max(0, ...codes.map((code) => code.id)) + 1;
  const handle = async (req: ReceivedRequest): Promise<Reply> => {
    const overridden = await server.override?.(req);
    if (overridden) return overridden;
    if (req.method === 'POST' && req.path === '/api/auth/refresh') {
      return { status: 401, json: { error: 'refresh_token_invalid', message: 'Refresh token is invalid' } };
    }
    const refused = authorize(req);
    if (refused) return refused;

    if (req.method === 'GET' && req.path === '/api/promo-codes') {
      const query = Object.fromEntries(new URL(req.url, 'http://fake').searchParams);
      if (!asksForPage(query)) return { json: PromoCodesResponse.parse(server.codes) };
      const parsed = PromoCodesPageQuery.safeParse(query);
      if (!parsed.success) return validationFailed(issuesOf(parsed.error));
      const { page } = parsed.data;
      const answer = pageOf({
        rows: server.codes.filter((code) => contains(code.code, page.q)),
        request: page,
        spec: PROMO_CODES_PAGE,
        valueOf: (code, column) => code[column],
        idOf: (code) => code.id,
      });
      return { json: PromoCodesPageResponse.parse(answer) };
    }
    if (req.method === 'POST' && req.path === '/api/promo-codes') {
      const parsed = CreatePromoCodeRequest.safeParse(req.json ?? {});
      if (!parsed.success) return validationFailed(issuesOf(parsed.error));
      const body = parsed.data;
      if (body.expires_at !== null && Date.parse(body.expires_at) <= now()) {
        return validationFailed([{ path: 'expires_at', message: m.expiresAtPast, code: 'custom' }]);
      }
      if (server.codes.some((code) => code.code === body.code)) {
        return { status: 409, json: { error: 'code_taken', message: m.codeTaken } };
      }
      const created = promoCode({
        id: nextId++,
        code: body.code,
        max_uses: body.max_uses,
        license_days: body.license_days,
        expires_at: body.expires_at,
        created_at: new Date(now()).toISOString(),
      });
      server.codes.unshift(created);
      return { status: 201, json: created };
    }
    const toggle = req.method === 'POST' ? TOGGLE.exec(req.path) : null;
    if (toggle) {
      const id = PromoCodeIdParam.safeParse(toggle[1]);
      if (!id.success)
        return validationFailed([{ path: 'id', message: 'Promo code id is invalid', code: 'custom' }]);
      const index = server.codes.findIndex((code) => code.id === id.data);
      if (index < 0) return { status: 404, json: { error: 'not_found', message: m.promoNotFound } };
      const toggled = promoCode({ ...server.codes[index]!, is_active: !server.codes[index]!.is_active });
      server.codes[index] = toggled;
      return { json: toggled };
    }
    return { status: 404, json: { error: 'not_found', message: 'Not found' } };
  };
  const base = await startTestServer(handle);
  const server: PromoServer = Object.assign(base, { codes: [...codes], override: null });
  return server;
}
