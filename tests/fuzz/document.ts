// The OpenAPI document the fuzzer works from: its operations (method, path, parameters, request body, who may
// call it) and, for each documented status, an Ajv validator of the answer's body.
import { Validator } from '@seriousme/openapi-schema-validator';
import type { OperationAuth } from '@pitclock/contracts/api-operations';
import type { OpenApiDocument } from '@pitclock/contracts/openapi';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { JsonSchema } from 'json-schema-faker';

const methods = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;
type Method = (typeof methods)[number];
const documentId = 'openapi.json';
const auths: readonly unknown[] = ['none', 'user', 'admin'] satisfies OperationAuth[];

/** A parameter of the dereferenced document (its schema inlined). */
export interface Parameter {
  name: string;
  in: 'query' | 'header' | 'path' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

/** What the document says of one status: a validator of its JSON body (when it has one) and its media types. */
export interface DocumentedResponse {
  validate: ValidateFunction | null;
  contentTypes: string[];
}

export interface Operation {
  /** 'POST /api/login' */
  key: string;
  method: string;
  path: string;
  auth: OperationAuth;
  security: unknown[];
  parameters: Parameter[];
  body: { required: boolean; mediaType: string; schema: JsonSchema } | null;
  /** By status key as the document writes it: '200', '4XX'. */
  responses: Map<string, DocumentedResponse>;
}

/** The document as served, and a copy with every $ref inlined (what the generators read). */
export interface CheckedDocument {
  doc: OpenApiDocument;
  dereferenced: DereferencedDocument;
}

/** The parts of the dereferenced copy the fuzzer reads: no reference objects are left in it. */
interface DereferencedDocument {
  paths?: Record<string, DereferencedPathItem>;
  security?: unknown[];
}
type DereferencedPathItem = { parameters?: Parameter[] } & Partial<Record<Method, DereferencedOperation>>;
interface DereferencedOperation {
  'x-pitclock-auth'?: unknown;
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, unknown>;
  security?: unknown[];
}

const escapePointer = (segment: string | number) =>
  String(segment).replaceAll('~', '~0').replaceAll('/', '~1');
const pointerOf = (segments: readonly (string | number)[]) => `/${segments.map(escapePointer).join('/')}`;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function atPointer(doc: unknown, pointer: string): unknown {
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((node, segment) => (isObject(node) ? node[segment] : undefined), doc);
}

/** Follows a chain of local $refs: the object it ends on and its JSON pointer in the document. */
function follow(doc: unknown, start: unknown, startPointer: string): { node: unknown; pointer: string } {
  const seen = new Set<string>();
  let node = start;
  let pointer = startPointer;
  while (isObject(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#/')) {
    if (seen.has(node.$ref)) throw new Error(`$ref cycle at ${node.$ref}`);
    seen.add(node.$ref);
    pointer = node.$ref.slice(1);
    node = atPointer(doc, pointer);
  }
  return { node, pointer };
}

/** The media types of a response or request body's `content`, when it has one. */
const contentOf = (node: unknown): Record<string, unknown> | undefined =>
  isObject(node) && isObject(node.content) ? node.content : undefined;

/**
 * Checks the document against the OpenAPI 3.x meta-schema and returns it with a dereferenced copy (every
 * $ref inlined) for the generators; throws with the validator's errors when it is not a valid document.
 */
export async function validateDocument(doc: unknown): Promise<CheckedDocument> {
  const validator = new Validator();
  // The validator judges any JSON value (its type names the object a valid document is).
  const result = await validator.validate(structuredClone(doc) as Record<string, unknown>);
  if (!result.valid) {
    throw new Error(`the OpenAPI document is not valid: ${JSON.stringify(result.errors).slice(0, 2000)}`);
  }
  // Valid against the meta-schema: an OpenAPI document, whose dereferenced copy holds no reference objects.
  const checked = doc as OpenApiDocument;
  if (!String(checked.openapi).startsWith('3.1')) throw new Error(`OpenAPI ${checked.openapi}, expected 3.1`);
  return { doc: checked, dereferenced: validator.resolveRefs() as DereferencedDocument };
}

/** The JSON media type among a content map's keys (application/json, application/problem+json, ...). */
export const jsonMediaType = (content: Record<string, unknown> = {}): string | undefined =>
  Object.keys(content).find((type) => /^application\/([\w.-]+\+)?json\b/i.test(type));

const isAuth = (value: unknown): value is OperationAuth => auths.includes(value);

/**
 * Every operation of the document: { key: 'POST /api/login', method, path, auth: 'none'|'user'|'admin',
 * parameters: [{ name, in, required, schema }], body: { required, mediaType, schema } | null,
 * responses: Map(status key -> { validate: Ajv function of the JSON body | null, contentTypes: [...] }) }.
 */
export function operationsOf({ doc, dereferenced }: CheckedDocument): Operation[] {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema(doc, documentId);
  const operations: Operation[] = [];
  for (const [path, pathItem] of Object.entries(dereferenced.paths ?? {})) {
    for (const method of methods) {
      const operation = pathItem[method];
      if (!operation) continue;
      const key = `${method.toUpperCase()} ${path}`;
      const auth = operation['x-pitclock-auth'];
      if (!isAuth(auth)) {
        throw new Error(`${key}: x-pitclock-auth is ${JSON.stringify(auth)}, expected none, user or admin`);
      }
      const parameters = new Map<string, Parameter>();
      for (const parameter of [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]) {
        parameters.set(`${parameter.in}:${parameter.name}`, parameter);
      }
      const requestBody = operation.requestBody;
      const bodyType = jsonMediaType(requestBody?.content);
      const responses = new Map<string, DocumentedResponse>();
      for (const status of Object.keys(operation.responses ?? {})) {
        // Validators compile from the original document, so that Ajv resolves its components' $refs itself.
        const raw = follow(
          doc,
          doc.paths?.[path]?.[method]?.responses?.[status] as unknown,
          pointerOf(['paths', path, method, 'responses', status]),
        );
        const content = contentOf(raw.node);
        const mediaType = jsonMediaType(content);
        let validate: ValidateFunction | null = null;
        const media = mediaType === undefined ? undefined : content?.[mediaType];
        if (mediaType && isObject(media) && media.schema) {
          const schemaPointer = `${raw.pointer}${pointerOf(['content', mediaType, 'schema'])}`;
          validate = ajv.getSchema(`${documentId}#${schemaPointer}`) ?? null;
          if (!validate) throw new Error(`${key} ${status}: no schema at ${schemaPointer}`);
        }
        responses.set(status, { validate, contentTypes: Object.keys(content ?? {}) });
      }
      operations.push({
        key,
        method: method.toUpperCase(),
        path,
        auth,
        security: operation.security ?? dereferenced.security ?? [],
        parameters: [...parameters.values()],
        body:
          requestBody && bodyType
            ? {
                required: Boolean(requestBody.required),
                mediaType: bodyType,
                schema: requestBody.content?.[bodyType]?.schema ?? {},
              }
            : null,
        responses,
      });
    }
  }
  return operations;
}

/**
 * The response entry documenting `status`: its exact code, else its class (4XX). A `default` entry documents
 * no status here: a status the document does not name is a finding, whatever a catch-all says.
 */
export function documentedResponse(operation: Operation, status: number): DocumentedResponse | null {
  const { responses } = operation;
  return responses.get(String(status)) ?? responses.get(`${String(status)[0]}XX`) ?? null;
}
