// The OpenAPI document the fuzzer works from: its operations (method, path, parameters, request body, who may
// call it) and, for each documented status, an Ajv validator of the answer's body.
import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const methods = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];
const documentId = 'openapi.json';

const escapePointer = (segment) => String(segment).replaceAll('~', '~0').replaceAll('/', '~1');
const pointerOf = (segments) => `/${segments.map(escapePointer).join('/')}`;

function atPointer(doc, pointer) {
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce((node, segment) => node?.[segment], doc);
}

/** Follows a chain of local $refs: the object it ends on and its JSON pointer in the document. */
function follow(doc, node, pointer) {
  const seen = new Set();
  while (node && typeof node.$ref === 'string' && node.$ref.startsWith('#/')) {
    if (seen.has(node.$ref)) throw new Error(`$ref cycle at ${node.$ref}`);
    seen.add(node.$ref);
    pointer = node.$ref.slice(1);
    node = atPointer(doc, pointer);
  }
  return { node, pointer };
}

/**
 * Checks the document against the OpenAPI 3.x meta-schema and returns it with a dereferenced copy (every
 * $ref inlined) for the generators; throws with the validator's errors when it is not a valid document.
 */
export async function validateDocument(doc) {
  const validator = new Validator();
  const result = await validator.validate(structuredClone(doc));
  if (!result.valid) {
    throw new Error(`the OpenAPI document is not valid: ${JSON.stringify(result.errors).slice(0, 2000)}`);
  }
  if (!String(doc.openapi).startsWith('3.1')) throw new Error(`OpenAPI ${doc.openapi}, expected 3.1`);
  return { doc, dereferenced: validator.resolveRefs() };
}

/** The JSON media type among a content map's keys (application/json, application/problem+json, ...). */
export const jsonMediaType = (content = {}) =>
  Object.keys(content).find((type) => /^application\/([\w.-]+\+)?json\b/i.test(type));

/**
 * Every operation of the document: { key: 'POST /api/login', method, path, auth: 'none'|'user'|'admin',
 * parameters: [{ name, in, required, schema }], body: { required, mediaType, schema } | null,
 * responses: Map(status key -> { validate: Ajv function of the JSON body | null, contentTypes: [...] }) }.
 */
export function operationsOf({ doc, dereferenced }) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  ajv.addSchema(doc, documentId);
  const operations = [];
  for (const [path, pathItem] of Object.entries(dereferenced.paths ?? {})) {
    for (const method of methods) {
      const operation = pathItem[method];
      if (!operation) continue;
      const key = `${method.toUpperCase()} ${path}`;
      const auth = operation['x-pitclock-auth'];
      if (!['none', 'user', 'admin'].includes(auth)) {
        throw new Error(`${key}: x-pitclock-auth is ${JSON.stringify(auth)}, expected none, user or admin`);
      }
      const parameters = new Map();
      for (const parameter of [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]) {
        parameters.set(`${parameter.in}:${parameter.name}`, parameter);
      }
      const requestBody = operation.requestBody;
      const bodyType = jsonMediaType(requestBody?.content);
      const responses = new Map();
      for (const status of Object.keys(operation.responses ?? {})) {
        // Validators compile from the original document, so that Ajv resolves its components' $refs itself.
        const raw = follow(
          doc,
          doc.paths[path][method].responses[status],
          pointerOf(['paths', path, method, 'responses', status]),
        );
        const mediaType = jsonMediaType(raw.node?.content);
        let validate = null;
        if (mediaType && raw.node.content[mediaType].schema) {
          const schemaPointer = `${raw.pointer}${pointerOf(['content', mediaType, 'schema'])}`;
          validate = ajv.getSchema(`${documentId}#${schemaPointer}`);
          if (!validate) throw new Error(`${key} ${status}: no schema at ${schemaPointer}`);
        }
        responses.set(status, { validate, contentTypes: Object.keys(raw.node?.content ?? {}) });
      }
      operations.push({
        key,
        method: method.toUpperCase(),
        path,
        auth,
        security: operation.security ?? dereferenced.security ?? [],
        parameters: [...parameters.values()],
        body: bodyType
          ? {
              required: Boolean(requestBody.required),
              mediaType: bodyType,
              schema: requestBody.content[bodyType].schema ?? {},
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
export function documentedResponse(operation, status) {
  const { responses } = operation;
  return responses.get(String(status)) ?? responses.get(`${String(status)[0]}XX`) ?? null;
}
