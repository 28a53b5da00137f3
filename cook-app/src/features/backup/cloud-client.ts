// The client of a JSONBin-compatible JSON storage service (SPEC.md section 7 "Cloud backup"; JSONBin API
// v3): create a bin with POST {base}/b and read it with GET {base}/b/{id}/latest, both with the user's
// X-Master-Key. Requests go to the given base URL only.
import { BackupFailure } from './backup-failure';
import { BACKUP_TEXT } from './messages';

/** A call that has not been answered after this long fails (the user watches a progress bar). */
export const CLOUD_CALL_TIMEOUT_MS = 30_000;

export type CloudClientOptions = {
  /** e.g. 'https://api.jsonbin.io/v3' (see cloudBackupBaseUrl). */
  baseUrl: string;
  apiKey: string;
  /** Default the page's fetch. */
  fetch?: typeof fetch;
  timeoutMs?: number;
};

type Answer = { status: number; statusText: string; text: string; json: unknown };
type Outcome = { ok: true; answer: Answer } | { ok: false; reason: 'timeout' | 'network' };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function endpoint(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/(?<!\/)\/+$/, '')}${path}`;
}

/** One request, its body read within the timeout. */
async function send(options: CloudClientOptions, url: string, init: RequestInit): Promise<Outcome> {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? CLOUD_CALL_TIMEOUT_MS);
  try {
    const response = await doFetch(url, { ...init, signal: controller.signal });
    const text = await response.text();
    let json: unknown;
    try {
      json = text === '' ? undefined : (JSON.parse(text) as unknown);
    } catch {
      json = undefined;
    }
    return { ok: true, answer: { status: response.status, statusText: response.statusText, text, json } };
  } catch {
    return { ok: false, reason: timedOut ? 'timeout' : 'network' };
  } finally {
    clearTimeout(timer);
  }
}

/** The service's explanation: JSONBin's { message }, else the body text (shortened), else the status text. */
export function answerText(answer: Pick<Answer, 'json' | 'text' | 'statusText'>): string {
  if (isRecord(answer.json) && typeof answer.json.message === 'string' && answer.json.message.trim() !== '')
    return answer.json.message.trim();
  const text = answer.text.trim().replace(/\s+/g, ' ');
  if (text !== '') return text.length > 200 ? `${text.slice(0, 200)}…` : text;
  return answer.statusText;
}

const ok = (status: number) => status >= 200 && status < 300;

/**
 * Creates a bin holding `record` (POST {base}/b with X-Master-Key, X-Bin-Name and X-Bin-Private: true) and
 * resolves with its id (the answer's metadata.id). Fails with 'Upload failed: {status} {text}', or ours for
 * a timeout, an unreachable service or an answer without an id.
 */
export async function createBin(options: CloudClientOptions, name: string, record: unknown): Promise<string> {
  const outcome = await send(options, endpoint(options.baseUrl, '/b'), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Master-Key': options.apiKey,
      'X-Bin-Name': name,
      'X-Bin-Private': 'true',
    },
    body: JSON.stringify(record),
  });
  if (!outcome.ok)
    throw new BackupFailure(
      outcome.reason === 'timeout' ? BACKUP_TEXT.uploadTimeout : BACKUP_TEXT.uploadNetwork,
    );
  const { answer } = outcome;
  if (!ok(answer.status))
    throw new BackupFailure(BACKUP_TEXT.uploadFailed(answer.status, answerText(answer)));
  const id = isRecord(answer.json) && isRecord(answer.json.metadata) ? answer.json.metadata.id : undefined;
  if (typeof id !== 'string' || id.trim() === '') throw new BackupFailure(BACKUP_TEXT.uploadUnreadable);
  return id.trim();
}

/**
 * Reads the latest version of a bin (GET {base}/b/{id}/latest with X-Master-Key) and resolves with its
 * record. Fails with 'Download failed: {status}', or ours for a timeout, an unreachable service or an
 * answer without a record.
 */
export async function readBin(options: CloudClientOptions, binId: string): Promise<unknown> {
  const outcome = await send(
    options,
    endpoint(options.baseUrl, `/b/${encodeURIComponent(binId.trim())}/latest`),
    { method: 'GET', headers: { 'X-Master-Key': options.apiKey } },
  );
  if (!outcome.ok)
    throw new BackupFailure(
      outcome.reason === 'timeout' ? BACKUP_TEXT.downloadTimeout : BACKUP_TEXT.downloadNetwork,
    );
  const { answer } = outcome;
  if (!ok(answer.status)) throw new BackupFailure(BACKUP_TEXT.downloadFailed(answer.status));
  if (!isRecord(answer.json) || answer.json.record === undefined)
    throw new BackupFailure(BACKUP_TEXT.downloadUnreadable);
  return answer.json.record;
}
