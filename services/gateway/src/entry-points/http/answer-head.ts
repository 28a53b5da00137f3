/**
 * The status and header lines of an answer of the API lane before any of it is written: what the
 * instance sent, less the hop-by-hop headers, completed by the gateway (security headers, request id,
 * Vary) and then written at once with res.writeHead(status, statusText, headers). Header lines are flat
 * (name, value, name, value...) with lower-case names; a repeated header (Set-Cookie) has a line each.
 */
export type AnswerHead = {
  status: number;
  /** The instance's reason phrase; undefined: Node's for the status. */
  statusText: string | undefined;
  headers: string[];
};

/** The value of a header (lower-case name): its lines joined with ', ' when there are several. */
export const headerValue = (head: AnswerHead, name: string): string | undefined => {
  const { headers } = head;
  let value: string | undefined;
  for (let i = 0; i < headers.length; i += 2) {
    if (headers[i] !== name) continue;
    value = value === undefined ? headers[i + 1] : `${value}, ${headers[i + 1]}`;
  }
  return value;
};

export const hasHeader = (head: AnswerHead, name: string): boolean => {
  const { headers } = head;
  for (let i = 0; i < headers.length; i += 2) if (headers[i] === name) return true;
  return false;
};

/** Sets a header (lower-case name) to one line, replacing any it had. */
export const setHeaderLine = (head: AnswerHead, name: string, value: string): void => {
  const kept: string[] = [];
  const { headers } = head;
  for (let i = 0; i < headers.length; i += 2) {
    if (headers[i] !== name) kept.push(headers[i]!, headers[i + 1]!);
  }
  kept.push(name, value);
  head.headers = kept;
};
