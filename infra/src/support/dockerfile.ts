import { readdirSync } from 'node:fs';
import { posix } from 'node:path';
import { readRepoFile, repoPath } from './repo';

export type Instruction = { keyword: string; args: string };
export type Stage = { base: string; name: string | undefined; instructions: Instruction[] };
export type Dockerfile = { file: string; globalArgs: Record<string, string>; stages: Stage[] };

export const dockerDir = 'infra/docker';

export const dockerfiles = (): string[] =>
  readdirSync(repoPath(dockerDir))
    .filter((name) => name.endsWith('.Dockerfile'))
    .sort()
    .map((name) => `${dockerDir}/${name}`);

/** Instructions with their continuation lines joined; comments and parser directives dropped. */
const instructionsOf = (text: string): Instruction[] => {
  const instructions: Instruction[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#') || (line === '' && pending === '')) continue;
    const continued = line.endsWith('\\');
    pending += `${continued ? line.slice(0, -1) : line} `;
    if (continued) continue;
    const statement = pending.trim();
    pending = '';
    if (statement === '') continue;
    const space = statement.search(/\s/);
    instructions.push({
      keyword: (space === -1 ? statement : statement.slice(0, space)).toUpperCase(),
      args: space === -1 ? '' : statement.slice(space + 1).trim(),
    });
  }
  return instructions;
};

/** `NAME=value NAME2="value 2"` (the form ENV and ARG use here) as a record. */
export const keyValues = (args: string): Record<string, string> => {
  const pairs: Record<string, string> = {};
  for (const match of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)(?:=("(?:[^"\\]|\\.)*"|'[^']*'|\S*))?/g)) {
    const raw = match[2] ?? '';
    pairs[match[1]!] = /^["']/.test(raw) ? raw.slice(1, -1) : raw;
  }
  return pairs;
};

const substitute = (text: string, args: Record<string, string>) =>
  text.replace(
    /\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (_, a?: string, b?: string) => args[(a ?? b)!] ?? '',
  );

export const parseDockerfile = (file: string): Dockerfile => {
  const globalArgs: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const instruction of instructionsOf(readRepoFile(file))) {
    const stage = stages.at(-1);
    if (instruction.keyword === 'FROM') {
      const [image, as, name] = instruction.args.replace(/--platform=\S+\s+/, '').split(/\s+/);
      stages.push({
        base: substitute(image!, globalArgs),
        name: as?.toUpperCase() === 'AS' ? name : undefined,
        instructions: [],
      });
    } else if (!stage) {
      if (instruction.keyword === 'ARG') Object.assign(globalArgs, keyValues(instruction.args));
    } else {
      stage.instructions.push(instruction);
    }
  }
  return { file, globalArgs, stages };
};

export const finalStage = (dockerfile: Dockerfile): Stage => {
  const stage = dockerfile.stages.at(-1);
  if (!stage) throw new Error(`${dockerfile.file} has no FROM`);
  return stage;
};

export const instructionsNamed = (stage: Stage, keyword: string): Instruction[] =>
  stage.instructions.filter((instruction) => instruction.keyword === keyword);

/** The ENV of a stage, ARG defaults substituted (what a container of the image starts with). */
export const stageEnv = (stage: Stage): Record<string, string> => {
  const args: Record<string, string> = {};
  const env: Record<string, string> = {};
  for (const instruction of stage.instructions) {
    if (instruction.keyword === 'ARG') Object.assign(args, keyValues(instruction.args));
    if (instruction.keyword === 'ENV') {
      for (const [name, value] of Object.entries(keyValues(instruction.args))) {
        env[name] = substitute(value, { ...args, ...env });
      }
    }
  }
  return env;
};

/** The last value of a single-argument instruction (USER, WORKDIR), resolved against earlier WORKDIRs. */
export const lastWorkdir = (stage: Stage): string =>
  instructionsNamed(stage, 'WORKDIR').reduce((dir, instruction) => posix.resolve(dir, instruction.args), '/');

export const lastValue = (stage: Stage, keyword: string): string | undefined =>
  instructionsNamed(stage, keyword).at(-1)?.args;

/** An exec-form (JSON array) CMD or HEALTHCHECK ... CMD. */
export const execForm = (args: string): string[] => {
  const json = args.slice(args.indexOf('['));
  const parsed: unknown = JSON.parse(json);
  if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === 'string')) {
    throw new Error(`not an exec-form array: ${args}`);
  }
  return parsed;
};

export type Copy = { from: string | undefined; sources: string[]; destination: string };

export const copiesOf = (stage: Stage): Copy[] =>
  instructionsNamed(stage, 'COPY').map(({ args }) => {
    const words = args.split(/\s+/);
    const flags = words.filter((word) => word.startsWith('--'));
    const paths = words.filter((word) => !word.startsWith('--'));
    const from = flags.find((flag) => flag.startsWith('--from='))?.slice('--from='.length);
    return { from, sources: paths.slice(0, -1), destination: paths.at(-1)! };
  });

/**
 * Whether .dockerignore leaves a path (relative to the build context, the repository root) out of the
 * context: its patterns in order, the last match deciding; a matching folder takes its contents along.
 */
export const dockerignored = (path: string, patterns: readonly string[]): boolean => {
  const toRegExp = (pattern: string) =>
    new RegExp(
      `^${pattern
        .replace(/^\/+/, '')
        .replace(/(?<!\/)\/+$/, '')
        .split(/(\*\*\/|\*\*|\*|\?)/)
        .map((part) => {
          if (part === '**/') return '(?:.*/)?';
          if (part === '**') return '.*';
          if (part === '*') return '[^/]*';
          if (part === '?') return '[^/]';
          return part.replace(/[.+^${}()|[\]\\]/g, '\\$&');
        })
        .join('')}$`,
    );
  const segments = path.split('/');
  const prefixes = segments.map((_, index) => segments.slice(0, index + 1).join('/'));
  let ignored = false;
  for (const line of patterns) {
    const negated = line.startsWith('!');
    const regExp = toRegExp(negated ? line.slice(1) : line);
    if (prefixes.some((prefix) => regExp.test(prefix))) ignored = !negated;
  }
  return ignored;
};

export const dockerignorePatterns = (): string[] =>
  readRepoFile('.dockerignore')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
