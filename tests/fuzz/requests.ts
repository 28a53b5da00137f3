// fast-check arbitraries of whole requests to one operation of the document: schema-valid values from
// json-schema-faker (seeded by fast-check, so a fast-check seed reproduces the case) and mutations of them
// (wrong types, missing and extra fields, NUL and control characters, huge strings and numbers, deep nesting,
// malformed JSON, wrong content types, odd path parameters and query strings), sent as each kind of caller.
import fc from 'fast-check';
import { generateSync, type JsonSchema } from 'json-schema-faker';
import type { Operation, Parameter } from './document';
import type { KnownFields, Pools } from './fixtures';

/** Who calls: nobody, the signed-in cook or admin, or a made-up Authorization header. */
export type Role = 'anonymous' | 'cook' | 'admin' | 'forged';

/** The callers' current access tokens (read when a request is built: a session may have been renewed). */
export interface Tokens {
  cook: () => string;
  admin: () => string;
}

/** What a body is: valid, mutated, malformed, wrong-content-type, missing, odd, huge, or none at all. */
export type BodyKind =
  'none' | 'valid' | 'mutated' | 'malformed' | 'wrong-content-type' | 'missing' | 'odd' | 'huge';

/** The body of a case; text undefined sends no body. applied: the mutations that made it. */
export interface CaseBody {
  kind: BodyKind;
  contentType: string | undefined;
  text: string | undefined;
  applied: string[];
}

/** The HTTP request of a case, as sent. */
export interface CaseRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** One case: the caller, a forged header (used when role is 'forged'), path parameters, query, body. */
export interface FuzzCase {
  role: Role;
  forged: string;
  pathParams: Record<string, string>;
  query: string;
  body: CaseBody;
}

/** A key of a place in a JSON value: an object's field or an array's index. */
type Key = string | number;
/** An array or an object a place goes through, written through one type (an array indexes like a record). */
type Container = Record<Key, unknown>;

/** A JSON fragment sent exactly as written (1e400, -0, 2^53 + 1 and deep nesting keep their text). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON.stringify that writes RawJson fragments as they are. */
export function serialize(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map((item) => serialize(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .map(([key, item]) => `${JSON.stringify(key)}:${serialize(item)}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

// ---------------------------------------------------------------------------------------------------------
// Schema-valid values.

/** Bounded and fixed, so that one faker seed gives one value on any day. */
const fakerOptions = {
  maxItems: 4,
  maxDefaultItems: 3,
  optionalsProbability: 0.6,
  minDateTime: '2020-01-01T00:00:00Z',
  maxDateTime: '2040-01-01T00:00:00Z',
  refDepthMax: 3,
};

const fake = (schema: JsonSchema, seed: number): unknown => {
  try {
    return generateSync(schema, { ...fakerOptions, seed });
  } catch {
    return undefined;
  }
};

/** A value valid against `schema`, drawn by json-schema-faker from a seed fast-check chooses (and shrinks). */
export const validValue = (schema: JsonSchema): fc.Arbitrary<unknown> =>
  fc.nat({ max: 2 ** 31 - 1 }).map((seed) => fake(schema, seed));

// ---------------------------------------------------------------------------------------------------------
// Odd values.

const repeat = (text: string, times: number) => text.repeat(times);
/** What issue 17's first hole looked like: quadratic backtracking in a lax e-mail pattern. */
const backtrackingEmail = (n: number) => `${repeat('x', n)}@${repeat('.', n)}@`;

export const oddStrings = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    'fuzz@pitclock.test\u0000',
    '\u0001\u0002\u0003\u001f\u007f',
    '\r\n\t',
    '\uD800',
    '\uDFFF\uD800',
    '\uFEFF',
    '\u202Eevil',
    'Σίσυφος@ΣΣ.gr',
    'İstanbul@i̇.tr',
    'STRASSE@ß.de',
    'ﬀ@ﬁ.com',
    '😀@😀.😀',
    "' OR '1'='1",
    '"; drop table users; --',
    '../../../../etc/passwd',
    '%00',
    '%2e%2e%2f',
    '<script>alert(1)</script>',
    '${7*7}{{7*7}}',
    'NaN',
    'Infinity',
    '-0',
    '1e309',
    '0x1F',
    ' 1 ',
    '١٢٣',
    'null',
    'true',
    '[]',
    '{}',
  ),
  fc.string({
    unit: fc.constantFrom('\u0000', '\u0007', '\u001b', '\u0085', '\u2028', 'a', '@', '.'),
    maxLength: 40,
  }),
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.integer({ min: 1_000, max: 300_000 }).map((n) => repeat('x', n)),
  fc.integer({ min: 1_000, max: 40_000 }).map(backtrackingEmail),
  fc.integer({ min: 300, max: 5_000 }).map((n) => repeat('9', n)),
);

/** Numbers written as JSON text: past int4, past 2^53, infinite once parsed, negative zero, fractions. */
export const oddNumbers = fc.oneof(
  fc
    .constantFrom(
      '2147483647',
      '2147483648',
      '-2147483649',
      '4294967296',
      '9007199254740991',
      '9007199254740993',
      '-9007199254740993',
      '123456789012345678901234567890',
      '1e308',
      '1e400',
      '-1e400',
      '1e-400',
      '-0',
      '0',
      '-1',
      '0.5',
      '1.0000000000000002',
      '3.14',
    )
    .map((text) => new RawJson(text)),
  fc.double().filter(Number.isFinite),
  fc.integer(),
);

/** Whole values of other types, nested a little or very deeply. */
export const oddStructures = fc.oneof(
  fc.constantFrom(null, true, false, [], {}, [null], { '': '' }),
  fc.constantFrom(
    new RawJson('{"__proto__":{"is_admin":true,"isAdmin":true}}'),
    new RawJson('{"constructor":{"prototype":{"is_admin":true}}}'),
  ),
  fc
    .integer({ min: 100, max: 20_000 })
    .map((depth) => new RawJson(`${repeat('[', depth)}${repeat(']', depth)}`)),
  fc
    .integer({ min: 100, max: 5_000 })
    .map((depth) => new RawJson(`${repeat('{"a":', depth)}1${repeat('}', depth)}`)),
  fc.jsonValue({ maxDepth: 3 }),
);

export const oddValue = fc.oneof(
  { weight: 4, arbitrary: oddStrings },
  { weight: 3, arbitrary: oddNumbers },
  { weight: 2, arbitrary: oddStructures },
);

// ---------------------------------------------------------------------------------------------------------
// Mutations of a JSON value.

/** Every place in a value: [] is the value itself, ['steps', 0, 'name'] a leaf. */
function placesOf(value: unknown, at: Key[] = [], out: Key[][] = []): Key[][] {
  out.push(at);
  if (value instanceof RawJson || value === null || typeof value !== 'object') return out;
  for (const [key, item] of Object.entries(value as Record<string, unknown>))
    placesOf(item, [...at, Array.isArray(value) ? Number(key) : key], out);
  return out;
}

/** A shallow copy of the array or object at a place (places only go through arrays and objects). */
const shallowCopy = (value: unknown): Container =>
  (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }) as Container;

function setAt(value: unknown, place: readonly Key[], replacement: unknown): unknown {
  const [head, ...rest] = place;
  if (head === undefined) return replacement;
  const copy = shallowCopy(value);
  copy[head] = setAt(copy[head], rest, replacement);
  return copy;
}

function dropAt(value: unknown, place: readonly Key[]): unknown {
  const [head, ...rest] = place;
  if (head === undefined) return undefined;
  if (rest.length === 0) {
    if (Array.isArray(value)) return (value as unknown[]).filter((_, index) => index !== head);
    const { [head]: _dropped, ...others } = value as Container;
    return others;
  }
  const copy = shallowCopy(value);
  copy[head] = dropAt(copy[head], rest);
  return copy;
}

const fieldNames = fc.oneof(
  fc.constantFrom('is_admin', 'isAdmin', 'role', 'roles', 'user_id', 'id', '__proto__', 'constructor', ''),
  fc.string({ maxLength: 12 }),
);

/** A real record's value (pools.fields) in a field of that name: still valid, but past "not found". */
const knownMutation = fc.record({ kind: fc.constant('known' as const), at: fc.nat(), pick: fc.nat() });

/** One mutation: where (an index into the value's places, taken modulo their count) and what. */
type Mutation =
  | { kind: 'replace'; at: number; with: unknown }
  | { kind: 'drop'; at: number }
  | { kind: 'extra'; at: number; key: string; with: unknown }
  | { kind: 'known'; at: number; pick: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('replace' as const), at: fc.nat(), with: oddValue }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('drop' as const), at: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('extra' as const),
      at: fc.nat(),
      key: fieldNames,
      with: oddValue,
    }),
  },
  { weight: 3, arbitrary: knownMutation },
);

/** Applies mutations in order; `known` puts a real record's value (pools.fields) in a field of that name. */
export function mutate(
  value: unknown,
  mutations: readonly Mutation[],
  knownFields: KnownFields,
): { value: unknown; applied: string[] } {
  let current = value;
  const applied: string[] = [];
  // The field a place ends on ('' for the whole body or an array's item, which no known value fits).
  const fieldOf = (place: readonly Key[]) => String(place.at(-1));
  for (const step of mutations) {
    const places = placesOf(current);
    if (step.kind === 'known') {
      const named = places.filter((place) => knownFields[fieldOf(place)]?.length);
      if (named.length === 0) continue;
      const place = named[step.at % named.length]!;
      const choices = knownFields[fieldOf(place)]!;
      current = setAt(current, place, choices[step.pick % choices.length]);
      applied.push(`known ${place.join('.')}`);
      continue;
    }
    const place = places[step.at % places.length]!;
    const where = place.join('.') || '(whole body)';
    if (step.kind === 'replace') {
      current = setAt(current, place, step.with);
      applied.push(`replace ${where}`);
    } else if (step.kind === 'drop') {
      current = dropAt(current, place);
      applied.push(`drop ${where}`);
    } else {
      const target = place.reduce<unknown>(
        (node, key) => (node === null || node === undefined ? undefined : (node as Container)[key]),
        current,
      );
      if (target === null || typeof target !== 'object' || target instanceof RawJson) continue;
      current = setAt(
        current,
        place,
        Array.isArray(target) ? [...(target as unknown[]), step.with] : { ...target, [step.key]: step.with },
      );
      applied.push(`extra ${where}${Array.isArray(target) ? '[]' : `.${step.key}`}`);
    }
  }
  return { value: current, applied };
}

// ---------------------------------------------------------------------------------------------------------
// Bodies.

const wrongContentTypes = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/jsonx',
  'APPLICATION/JSON',
  'application/json;;;',
  '*/*',
);

/** Corruptions of a serialized JSON text. */
const malformations: readonly ((text: string) => string)[] = [
  (text) => text.slice(0, Math.max(1, Math.floor(text.length / 2))),
  (text) => `${text}}`,
  (text) => `${text},`,
  (text) => text.replaceAll('"', "'"),
  (text) => `\uFEFF${text}`,
  (text) => text.replace(/\}$/, ',}'),
  (text) => `/* comment */${text}`,
  (text) => text.replace(':', '\u0000:'),
  () => 'NaN',
  () => '{"a":}',
  () => '{"a" 1}',
  () => '\u0000',
  () => '{"email":"\\ud800"}',
  () => '{"a":"\\u00"}',
];

/**
 * The body of a case: { kind, contentType, text, applied } where kind says what it is (valid, mutated,
 * malformed, wrong-content-type, missing, odd, huge); text undefined sends no body.
 */
export function bodyArbitrary(operation: Operation, knownFields: KnownFields): fc.Arbitrary<CaseBody> {
  const schema = operation.body?.schema;
  const json = (kind: BodyKind, value: unknown, applied: string[] = []): CaseBody => ({
    kind,
    contentType: 'application/json',
    text: serialize(value),
    applied,
  });
  if (!schema) {
    // No body documented: none mostly, sometimes one anyway.
    return fc.oneof<fc.MaybeWeightedArbitrary<CaseBody>[]>(
      {
        weight: 8,
        arbitrary: fc.constant({ kind: 'none', contentType: undefined, text: undefined, applied: [] }),
      },
      { weight: 1, arbitrary: oddValue.map((value) => json('odd', value)) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(...malformations).map((corrupt) => ({
          kind: 'malformed',
          contentType: 'application/json',
          text: corrupt('{"fuzz":1}'),
          applied: [],
        })),
      },
    );
  }
  const valid = validValue(schema);
  return fc.oneof<fc.MaybeWeightedArbitrary<CaseBody>[]>(
    {
      weight: 3,
      arbitrary: fc.tuple(valid, fc.array(knownMutation, { maxLength: 2 })).map(([value, steps]) => {
        const { value: body, applied } = mutate(value, steps, knownFields);
        return json('valid', body, applied);
      }),
    },
    {
      weight: 6,
      arbitrary: fc.tuple(valid, fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([value, steps]) => {
        const { value: body, applied } = mutate(value, steps, knownFields);
        return json('mutated', body, applied);
      }),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, fc.nat({ max: malformations.length - 1 })).map(([value, index]) => ({
        kind: 'malformed',
        contentType: 'application/json',
        text: malformations[index]!(serialize(value ?? {})),
        applied: [`malformation ${index}`],
      })),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, wrongContentTypes).map(([value, contentType]) => ({
        kind: 'wrong-content-type',
        contentType,
        text: serialize(value ?? {}),
        applied: [],
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { kind: 'missing', contentType: undefined, text: undefined, applied: [] },
        { kind: 'missing', contentType: 'application/json', text: '', applied: [] },
      ),
    },
    { weight: 1, arbitrary: oddValue.map((value) => json('odd', value)) },
    {
      weight: 1,
      // Past the services' 100 kB JSON limit, and past the gateway's 1 MiB cap.
      arbitrary: fc.constantFrom(150_000, 1_200_000).map((size) => ({
        kind: 'huge',
        contentType: 'application/json',
        text: `{"fuzz":"${repeat('x', size)}"}`,
        applied: [],
      })),
    },
  );
}

// ---------------------------------------------------------------------------------------------------------
// Path parameters and query strings.

/** Path parameter values already percent-encoded: negative, huge, non-numeric, encoded slashes and dots, NUL. */
const oddPathValues = fc.oneof(
  fc.constantFrom(
    '-1',
    '0',
    '2147483647',
    '2147483648',
    '9007199254740993',
    '99999999999999999999999',
    '1.5',
    '1e3',
    '0x10',
    '%201',
    'abc',
    '%2F',
    '..%2F..%2Fetc',
    '%2e%2e',
    '%2E',
    '%00',
    '1%00',
    '%25',
    '%FF',
    '%C0%AF',
    '%ED%A0%80',
    '%E2%80%AE',
    encodeURIComponent('Σ'),
    encodeURIComponent('😀'),
    'null',
    'undefined',
    '__proto__',
    'constructor',
  ),
  fc.integer({ min: 200, max: 6_000 }).map((n) => repeat('7', n)),
  fc
    .string({ maxLength: 30 })
    .filter((s) => s !== '' && s !== '.' && s !== '..')
    .map(encodeURIComponent),
);

/** Percent-encoded UTF-8; a lone surrogate has no UTF-8 form and becomes U+FFFD (oddPathValues sends one raw). */
const escape = (value: unknown): string => encodeURIComponent(String(value).toWellFormed());

/** A literal value for a query string or a path: strings as they are, others as JSON text. */
const asText = (value: unknown): string => (typeof value === 'string' ? value : serialize(value));

/**
 * The records a path parameter can point at: the pool chosen by the segment before it. Auth's own admin
 * operations on an account (PATCH, DELETE, toggle-admin) get the victims only, never the signed-in callers.
 */
function pathPool(
  operation: Operation,
  name: string,
  pools: Pools,
): readonly (string | number)[] | undefined {
  const segments = operation.path.split('/');
  const index = segments.indexOf(`{${name}}`);
  const before = segments[index - 1] ?? '';
  if (before === 'users') {
    return /^\/api\/users\/\{[^}]+\}(\/toggle-admin)?$/.test(operation.path)
      ? pools.victimIds
      : pools.userIds;
  }
  const byCollection: Record<string, readonly (string | number)[]> = {
    'promo-codes': pools.promoIds,
    devices: pools.deviceIds,
    licenses: pools.deviceIds,
    runs: pools.runIds,
  };
  return byCollection[before];
}

/** Path parameters: existing records, schema-valid values, odd values; as encoded path text by name. */
export function pathArbitrary(
  operation: Operation,
  pools: Pools,
  protectedIds: readonly number[],
): fc.Arbitrary<Record<string, string>> {
  const entries = operation.parameters.filter((parameter) => parameter.in === 'path');
  if (entries.length === 0) return fc.constant({});
  const record: Record<string, fc.Arbitrary<string>> = {};
  for (const parameter of entries) {
    const pool = pathPool(operation, parameter.name, pools) ?? [];
    const options: fc.WeightedArbitrary<string>[] = [
      {
        weight: 3,
        arbitrary: validValue(parameter.schema ?? { type: 'string' }).map((value) => {
          // A generated id that happens to be a signed-in caller's stays clear of it (the fuzzer's own sessions).
          const text = asText(value ?? 'x');
          return escape(protectedIds.includes(Number(text)) ? Number(text) + 1_000_000 : text);
        }),
      },
      { weight: 2, arbitrary: oddPathValues },
    ];
    if (pool.length) options.push({ weight: 4, arbitrary: fc.constantFrom(...pool).map(escape) });
    record[parameter.name] = fc.oneof(...options);
  }
  return fc.record(record);
}

/** A query string's name and value, already encoded; a null value writes the name alone. */
type QueryPair = [string, string | null];

const oddQueryValues = fc.oneof(
  oddStrings.filter((s) => s.length < 6_000).map(escape),
  oddNumbers.map((n) => escape(asText(n))),
  fc.constantFrom('%', '%ZZ', '%00', '%FF', '%C0%80', '', '=', '&'),
);

/** One documented query parameter: absent, valid, a known value, odd, repeated, or in bracket forms. */
function queryEntry(parameter: Parameter, knownFields: KnownFields): fc.Arbitrary<QueryPair[]> {
  const name = escape(parameter.name);
  const valid = validValue(parameter.schema ?? { type: 'string' }).map((value): QueryPair[] =>
    value === undefined
      ? []
      : Array.isArray(value)
        ? (value as unknown[]).map((item): QueryPair => [name, escape(asText(item))])
        : [[name, escape(asText(value))]],
  );
  const options: fc.WeightedArbitrary<QueryPair[]>[] = [
    { weight: 3, arbitrary: fc.constant([]) },
    { weight: 4, arbitrary: valid },
    { weight: 2, arbitrary: oddQueryValues.map((value): QueryPair[] => [[name, value]]) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, oddQueryValues)
        .map(([first, value]): QueryPair[] => [...first, [name, value], ...first]),
    },
    {
      weight: 1,
      arbitrary: oddQueryValues.map((value): QueryPair[] => [
        [`${name}[]`, value],
        [`${name}[x]`, value],
      ]),
    },
  ];
  const known = knownFields[parameter.name];
  if (known?.length)
    options.push({
      weight: 2,
      arbitrary: fc.constantFrom(...known).map((value): QueryPair[] => [[name, escape(asText(value))]]),
    });
  return fc.oneof(...options);
}

/** The query string (without '?'): documented parameters, sometimes unknown ones and raw garbage. */
export function queryArbitrary(operation: Operation, knownFields: KnownFields): fc.Arbitrary<string> {
  const documented = operation.parameters.filter((parameter) => parameter.in === 'query');
  const extras = fc.oneof<fc.MaybeWeightedArbitrary<QueryPair[]>[]>(
    { weight: 6, arbitrary: fc.constant([]) },
    { weight: 2, arbitrary: fc.array(fc.tuple(fieldNames.map(escape), oddQueryValues), { maxLength: 3 }) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('%', '%ZZ=1', '&&==&', 'a=1&a=2&a=3', '%00=%00', 'a[b][c][d]=1')
        .map((raw): QueryPair[] => [[raw, null]]),
    },
  );
  return fc
    .tuple(fc.tuple(...documented.map((parameter) => queryEntry(parameter, knownFields))), extras)
    .map(([lists, extra]) =>
      [...lists.flat(), ...extra].map(([key, value]) => (value === null ? key : `${key}=${value}`)).join('&'),
    );
}

// ---------------------------------------------------------------------------------------------------------
// Callers and whole cases.

/** Authorization headers of nobody in particular: malformed, forged, of another scheme. */
const forgedAuthorization = (tokens: Tokens): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(
      'Bearer',
      'Bearer ',
      'bearer x',
      'Basic YWRtaW46YWRtaW4=',
      'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiIxIiwiaXNfYWRtaW4iOnRydWV9.',
      'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl',
      `Bearer ${'A'.repeat(6_000)}`,
    ),
    fc.constant(null).map(() => `Bearer ${tokens.cook().slice(0, -2)}xx`),
    fc
      .string({ unit: fc.constantFrom('a', '.', '-', '_', '=', ' '), maxLength: 80 })
      .map((junk) => `Bearer ${junk}`),
  );

/** Who calls, weighted by what x-pitclock-auth says matters: mostly the caller who gets through. */
function roleArbitrary(auth: Operation['auth']): fc.Arbitrary<Role> {
  const weightsByAuth: Record<Operation['auth'], [Role, number][]> = {
    none: [
      ['anonymous', 6],
      ['cook', 2],
      ['forged', 1],
    ],
    user: [
      ['cook', 6],
      ['admin', 2],
      ['anonymous', 1],
      ['forged', 1],
    ],
    admin: [
      ['admin', 6],
      ['cook', 2],
      ['anonymous', 1],
      ['forged', 1],
    ],
  };
  return fc.oneof(...weightsByAuth[auth].map(([role, weight]) => ({ weight, arbitrary: fc.constant(role) })));
}

/**
 * A whole case for `operation`: { role, authorization (forged only), pathParams, query, body }.
 * `context`: { pools, protectedIds, tokens: { cook(), admin() } } (read when a case is built, so that a refreshed
 * session is used).
 */
export function caseArbitrary(
  operation: Operation,
  context: { pools: Pools; protectedIds: readonly number[]; tokens: Tokens },
): fc.Arbitrary<FuzzCase> {
  const { pools, protectedIds, tokens } = context;
  return fc.record({
    role: roleArbitrary(operation.auth),
    forged: forgedAuthorization(tokens),
    pathParams: pathArbitrary(operation, pools, protectedIds),
    query: queryArbitrary(operation, pools.fields),
    body: bodyArbitrary(operation, pools.fields),
  });
}

/** The HTTP request of a case, with the current tokens of the callers. */
export function toRequest(operation: Operation, fuzzCase: FuzzCase, tokens: Tokens): CaseRequest {
  const path = operation.path.replace(/\{([^{}]+)\}/g, (_, name: string) => fuzzCase.pathParams[name] ?? 'x');
  const headers: Record<string, string> = { accept: 'application/json' };
  if (fuzzCase.role === 'cook') headers.authorization = `Bearer ${tokens.cook()}`;
  if (fuzzCase.role === 'admin') headers.authorization = `Bearer ${tokens.admin()}`;
  if (fuzzCase.role === 'forged') headers.authorization = fuzzCase.forged;
  if (fuzzCase.body.contentType) headers['content-type'] = fuzzCase.body.contentType;
  return {
    method: operation.method,
    path: fuzzCase.query ? `${path}?${fuzzCase.query}` : path,
    headers,
    body: fuzzCase.body.text,
  };
}
