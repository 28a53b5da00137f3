/** The text a rejected store operation carries ({ message }), else `fallback` (SPEC.md section 8). */
export function operationMessage(failure: unknown, fallback: string): string {
  if (typeof failure === 'object' && failure !== null && 'message' in failure) {
    const { message } = failure as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return fallback;
}

/** The input a rejected store operation names ({ field }), if any. */
export function operationField(failure: unknown): string | undefined {
  if (typeof failure === 'object' && failure !== null && 'field' in failure) {
    const { field } = failure as { field: unknown };
    if (typeof field === 'string') return field;
  }
  return undefined;
}
