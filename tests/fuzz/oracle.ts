// What every answer must be: no 5xx, a status the document names for the operation, a body that matches the
// documented schema of that status, the error shape on every 4xx, and no 2xx for a caller without the rights.
import type { ErrorObject } from 'ajv';
import { documentedResponse, type Operation } from './document';
import type { Answer } from './http';
import type { Role } from './requests';

/** A machine code: lower snake case, as kit's HttpError helpers make them. */
const machineCode = /^[a-z][a-z0-9_]*$/;

/** Why `body` is not { error: code, message: text, details? } and nothing more; null when it is. */
export function errorShapeProblem(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    return 'the error body is not a JSON object';
  const fields = body as Record<string, unknown>;
  const extra = Object.keys(fields).filter((key) => !['error', 'message', 'details'].includes(key));
  if (extra.length) return `the error body has fields beyond error, message and details: ${extra.join(', ')}`;
  if (typeof fields.error !== 'string' || !machineCode.test(fields.error)) {
    return `"error" is not a machine code: ${JSON.stringify(fields.error)}`;
  }
  if (typeof fields.message !== 'string') return '"message" is not a text';
  return null;
}

const isJsonType = (contentType = '') => /^application\/([\w.-]+\+)?json\b/i.test(contentType);

const ajvSummary = (errors: readonly ErrorObject[] | null | undefined = []) =>
  (errors ?? [])
    .slice(0, 4)
    .map((error) => `${error.instancePath || '(body)'} ${error.message}`)
    .join('; ');

/** The answer as far as the oracle reads it: fuzzer answers, and the bad ones checkOracle makes up. */
export type JudgedAnswer = Pick<Answer, 'status' | 'headers' | 'text' | 'error' | 'streamed'>;

/**
 * The problems of one answer (an empty list when it passes). answer: { status, headers, text, error? }.
 * Status -1 (node:http refused to send the request) is not the stack's doing and passes.
 */
export function problemsOf(operation: Operation, fuzzCase: { role: Role }, answer: JudgedAnswer): string[] {
  if (answer.status === -1) return [];
  if (answer.status === 0) return [`no answer: ${answer.error}`];
  const problems: string[] = [];
  const { status } = answer;
  if (status >= 500) problems.push(`server error ${status}`);
  const documented = documentedResponse(operation, status);
  if (!documented) problems.push(`status ${status} is not documented for ${operation.key}`);

  const contentType = answer.headers['content-type'] ?? '';
  const baseType = contentType.split(';')[0]?.trim().toLowerCase();
  let body: unknown;
  let parsed = false;
  // An event stream's body is not read (it never ends): its media type must still be the documented one.
  if (answer.streamed && !documented?.contentTypes.some((type) => type.toLowerCase() === baseType)) {
    problems.push(`a ${status} event stream, which the document does not name for this status`);
  }
  if (answer.text !== '') {
    if (isJsonType(contentType)) {
      try {
        body = JSON.parse(answer.text);
        parsed = true;
      } catch {
        problems.push(`the ${status} body is not valid JSON`);
      }
    } else if (!documented?.contentTypes.some((type) => type.toLowerCase() === baseType)) {
      problems.push(
        `a ${status} answer of type ${contentType || '(none)'}, which the document does not name`,
      );
    }
  }
  if (documented?.validate) {
    if (!parsed) problems.push(`status ${status} documents a JSON body and none came`);
    else if (!documented.validate(body)) {
      problems.push(
        `the ${status} body does not match its documented schema: ${ajvSummary(documented.validate.errors)}`,
      );
    }
  } else if (documented && (answer.text !== '' || answer.streamed) && documented.contentTypes.length === 0) {
    problems.push(`status ${status} documents no body but one came`);
  }
  if (status >= 400 && status < 500) {
    const shape = parsed ? errorShapeProblem(body) : 'a 4xx without a JSON error body';
    if (shape) problems.push(shape);
  }
  if (status >= 200 && status < 300) {
    if (operation.auth === 'admin' && fuzzCase.role !== 'admin') {
      problems.push(`${status} to a ${fuzzCase.role} caller on an admin operation`);
    }
    if (operation.auth === 'user' && (fuzzCase.role === 'anonymous' || fuzzCase.role === 'forged')) {
      problems.push(`${status} to a ${fuzzCase.role} caller on a signed-in operation`);
    }
  }
  return problems;
}
