// The two versions About shows (SPEC.md section 7): GET /api/version (direct, no cache) and
// GET /build-meta.json?ts={now}. Answers are checked by hand, as the shell's badge does: the zod
// schemas of contracts (VersionResponse, BuildMeta) stay out of the browser bundle.
import {
  api,
  ApiError,
  NETWORK_ERROR_MESSAGE,
  type ApiClient,
  type BuildMeta,
  type VersionResponse,
} from '@pitclock/contracts';
import { API_PATHS } from '@pitclock/contracts/api-paths';

/** Either call gives up after this long (the user is waiting on the screen). */
export const VERSION_TIMEOUT_MS = 15_000;

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function invalid(status: number, body: unknown): ApiError {
  return new ApiError({ kind: 'invalid-response', status, message: 'Invalid response from server', body });
}

/**
 * The backend's version: GET {api}/version straight to the server (no bearer, so no refresh on the way,
 * and a ts query so that no cache answers), { version, service?, commit? }.
 */
export async function fetchBackendVersion(
  client: ApiClient = api,
  now: number = Date.now(),
): Promise<VersionResponse> {
  const body = await client.get(API_PATHS.version, {
    auth: false,
    query: { ts: now },
    timeoutMs: VERSION_TIMEOUT_MS,
  });
  if (!isRecord(body) || !isText(body.version)) throw invalid(200, body);
  return {
    version: body.version,
    ...(isText(body.service) ? { service: body.service } : {}),
    ...(isText(body.commit) ? { commit: body.commit } : {}),
  };
}

/** '/build-meta.json?ts={now}' on `origin` ('' = this page's origin, where the shell serves it). */
export function buildMetaUrl(origin: string, now: number): string {
  return `${origin.replace(/(?<!\/)\/+$/, '')}/build-meta.json?ts=${now}`;
}

/** The deployed build: GET /build-meta.json?ts={now}, never from a cache, { version, buildTime }. */
export async function fetchBuildMeta({
  origin = '',
  fetchImpl = (input, init) => globalThis.fetch(input, init),
  now = Date.now(),
}: { origin?: string; fetchImpl?: typeof fetch; now?: number } = {}): Promise<BuildMeta> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), VERSION_TIMEOUT_MS);
  let response: Response;
  let body: unknown;
  try {
    response = await fetchImpl(buildMetaUrl(origin, now), {
      cache: 'no-store',
      headers: { Accept: 'application/json' },
      signal: controller.signal,
    });
    if (!response.ok) {
      throw new ApiError({
        kind: 'http',
        status: response.status,
        message: `Request failed with status code ${response.status}`,
      });
    }
    body = await response.json().catch(() => undefined);
  } catch (failure) {
    if (failure instanceof ApiError) throw failure;
    throw new ApiError({
      kind: controller.signal.aborted ? 'timeout' : 'network',
      status: 0,
      message: controller.signal.aborted ? 'Request timed out' : NETWORK_ERROR_MESSAGE,
      cause: failure,
    });
  } finally {
    clearTimeout(timer);
  }
  if (!isRecord(body) || !isText(body.version) || !isText(body.buildTime))
    throw invalid(response.status, body);
  return { version: body.version, buildTime: body.buildTime };
}
