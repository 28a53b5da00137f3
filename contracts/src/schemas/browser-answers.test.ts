import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as authAnswers from './auth-answers';
import * as licensingAnswers from './licensing-answers';
import * as syncAnswers from './sync-answers';
import * as schemas from './index';

const src = path.resolve(import.meta.dirname, '..');

/** What the browser evaluates on its first pages, from contracts (issue 22: no classic zod there). */
const BROWSER_FIRST_PATH = [
  'license/license-online.ts',
  'schemas/licensing-answers.ts',
  'schemas/auth-answers.ts',
  'schemas/sync-answers.ts',
  'schemas/sync-messages.ts',
  'http/api-client.ts',
  'browser/zod-config.ts',
];

/** Classic zod's entries (zod/mini and zod/v4/core are the tree-shakeable ones). */
const CLASSIC_ZOD = new Set(['zod', 'zod/v4', 'zod/v4/classic', 'zod/v3']);

/** The specifiers a module's code imports (static, re-exports and dynamic), type-only imports left out. */
function importsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022);
  const specifiers: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) {
      specifiers.push((node.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && !node.isTypeOnly) {
      specifiers.push((node.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      specifiers.push((node.arguments[0] as ts.StringLiteral).text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specifiers;
}

/** Every package a module reaches through contracts' own modules, with the module that imports it. */
function packagesReachedFrom(start: string): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const specifier of importsOf(file)) {
      if (specifier.startsWith('.')) visit(`${path.resolve(path.dirname(file), specifier)}.ts`);
      else packages.set(specifier, path.relative(src, file));
    }
  };
  visit(path.join(src, start));
  return packages;
}

describe("the browser's first path", () => {
  it.each(BROWSER_FIRST_PATH)('%s reaches no classic zod', (file) => {
    const reached = packagesReachedFrom(file);
    expect([...reached].filter(([name]) => CLASSIC_ZOD.has(name))).toEqual([]);
  });

  it('reads its answers with zod/mini schemas, the very ones the services and the document use', () => {
    const answers = { ...licensingAnswers, ...authAnswers, ...syncAnswers };
    for (const [name, schema] of Object.entries(answers)) {
      expect(schema._zod.traits.has('ZodMiniType'), name).toBe(true);
      if (name in schemas) expect(schemas[name as keyof typeof schemas], name).toBe(schema);
    }
    expect(schemas.ClientId._zod.traits.has('ZodMiniType')).toBe(true);
    expect(schemas.RunIdParam).toBe(schemas.ClientId);
  });
});

describe('requests built on the zod/mini parts', () => {
  // The services' 400s carry these texts; zod/mini has none of its own, the default ones come from the
  // locale classic zod registers (the services load classic zod with their request schemas).
  const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

  it('keep their texts', () => {
    expect(messages(schemas.SyncPullRequest.safeParse({ clientId: '', cookie: { bad: 1 } }))).toEqual([
      ['clientId', 'Too small: expected string to have >=1 characters'],
      ['clientId', 'must be letters, digits, dot, dash, underscore or colon'],
      ['cookie.bad', 'Invalid key in record'],
    ]);
    expect(messages(schemas.UserIdParam.safeParse('2147483648'))).toEqual([
      ['', 'Too big: expected number to be <=2147483647'],
    ]);
    expect(messages(schemas.MeResponse.safeParse({ id: 1.5 }))?.[0]).toEqual([
      'id',
      'Invalid input: expected int, received number',
    ]);
    const mutation = { mid: 1, scope: 'x:1', store: 'contests', id: 'a', hlc: 'no', delete: true };
    expect(messages(schemas.SyncPushRequest.safeParse({ clientId: 'c', mutations: [mutation] }))).toEqual([
      ['mutations.0.scope', 'must be u:<user id> or t:<team id>'],
      ['mutations.0.hlc', 'must be a clock stamp'],
    ]);
  });
});
