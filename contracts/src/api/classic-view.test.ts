import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as zm from 'zod/mini';
import { classicView } from './classic-view';

/** The OpenAPI form zod-to-openapi gives a schema (as a response body). */
const documented = (schema: z.core.$ZodType) => {
  const registry = new OpenAPIRegistry();
  registry.registerPath({
    method: 'get',
    path: '/x',
    responses: {
      200: { description: 'x', content: { 'application/json': { schema: schema as z.ZodType } } },
    },
  });
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'x', version: '1' },
  });
  const answer = document.paths?.['/x']?.get?.responses?.['200'] as {
    content: Record<string, { schema: unknown }>;
  };
  return answer.content['application/json']?.schema;
};

const classic = z.object({
  id: z.number().int().positive(),
  count: z.number().int().min(0).max(10),
  name: z.string().min(1).max(60),
  code: z.string().regex(/^[A-Z]{4}$/, 'four letters'),
  pem: z.string().startsWith('-----BEGIN'),
  team: z.string().uuid(),
  at: z.iso.datetime({ offset: true }),
  role: z.enum(['owner', 'member']),
  kind: z.literal('EC'),
  license: z.string().optional(),
  expires: z.string().nullable(),
  scope: z
    .string()
    .regex(/^u:\d+$/)
    .transform(Number),
  clocks: z.record(z.string(), z.string()),
  tags: z.array(z.string()),
  value: z.union([z.null(), z.boolean(), z.number()]),
  limit: z.number().default(100),
});

const mini = zm.object({
  id: zm.number().check(zm.int(), zm.positive()),
  count: zm.number().check(zm.int(), zm.minimum(0), zm.maximum(10)),
  name: zm.string().check(zm.minLength(1), zm.maxLength(60)),
  code: zm.string().check(zm.regex(/^[A-Z]{4}$/, 'four letters')),
  pem: zm.string().check(zm.startsWith('-----BEGIN')),
  team: zm.uuid(),
  at: zm.iso.datetime({ offset: true }),
  role: zm.enum(['owner', 'member']),
  kind: zm.literal('EC'),
  license: zm.optional(zm.string()),
  expires: zm.nullable(zm.string()),
  scope: zm.pipe(zm.string().check(zm.regex(/^u:\d+$/)), zm.transform(Number)),
  clocks: zm.record(zm.string(), zm.string()),
  tags: zm.array(zm.string()),
  value: zm.union([zm.null(), zm.boolean(), zm.number()]),
  limit: zm._default(zm.number(), 100),
});

describe('classicView (the generator reads zod/mini schemas through it)', () => {
  it('is needed: zod-to-openapi 9.1.0 cannot read a zod/mini schema itself', () => {
    expect(() => documented(mini)).toThrow(/meta is not a function/);
  });

  it('documents a zod/mini schema as its classic twin', () => {
    const expected = documented(classic);
    expect(expected).toMatchObject({ properties: { id: { type: 'integer' }, name: { minLength: 1 } } });
    expect(documented(classicView(mini))).toEqual(expected);
  });

  it('documents zod/mini parts inside a classic schema, and leaves classic schemas alone', () => {
    const mixed = z.object({ inner: mini, list: z.array(mini.shape.id).max(3) });
    const twin = z.object({ inner: classic, list: z.array(classic.shape.id).max(3) });
    expect(documented(classicView(mixed))).toEqual(documented(twin));
    expect(classicView(classic)).toBe(classic);
  });

  it('gives the same view each time, which parses as the schema does', () => {
    expect(classicView(mini)).toBe(classicView(mini));
    const input = { ...validInput(), id: 0, code: 'abc' };
    const issues = mini.safeParse(input).error?.issues;
    expect(issues?.map((issue) => issue.path)).toEqual([['id'], ['code']]);
    expect(classicView(mini).safeParse(input).error?.issues).toEqual(issues);
    expect(classicView(mini).parse(validInput())).toEqual(mini.parse(validInput()));
  });

  it("keeps metadata registered on a zod/mini schema (zod's global registry)", () => {
    const described = zm.string().register(zm.globalRegistry, { description: 'A team name' });
    expect(documented(classicView(described))).toMatchObject({ description: 'A team name' });
    expect(documented(classicView(described))).toEqual(
      documented(z.string().meta({ description: 'A team name' })),
    );
  });
});

function validInput() {
  return {
    id: 1,
    count: 2,
    name: 'n',
    code: 'ABCD',
    pem: '-----BEGIN x',
    team: '0f8fad5b-d9cb-469f-a165-70867728950e',
    at: '2026-01-01T00:00:00Z',
    role: 'owner',
    kind: 'EC',
    expires: null,
    scope: 'u:7',
    clocks: {},
    tags: [],
    value: null,
  };
}
