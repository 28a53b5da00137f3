// The one terminal of `npm start` and `npm run dev`: every line a child process writes is prefixed with its
// name, coloured, and a line of JSON from a service's logger (NODE_ENV=production, as under `npm start`) is
// rendered readable by the formatter of kit's development logger (services/kit/src/logger.ts), so that both
// commands print the same kind of line.
import { createInterface } from 'node:readline';
import path from 'node:path';
import { root } from './provision.mjs';

/** Colours on when the terminal takes them (NO_COLOR and FORCE_COLOR as everywhere: no-color.org). */
export function colorEnabled(stream = process.stdout, env = process.env) {
  if ('NO_COLOR' in env && env.NO_COLOR !== '') return false;
  if ('FORCE_COLOR' in env) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  return Boolean(stream.isTTY) && env.TERM !== 'dumb';
}

/** Name colours, by order of appearance: cyan, magenta, yellow, green, blue, then bright ones. */
const palette = [36, 35, 33, 32, 34, 96, 95, 93, 92, 94];

/**
 * The prefix of each line of a process: its name padded to the widest name and a bar, coloured by its
 * position in `names` when `color`.
 */
export function prefixFor(name, names, color) {
  const width = Math.max(...names.map((n) => n.length), name.length);
  const text = `${name.padEnd(width)} │ `;
  if (!color) return text;
  const index = Math.max(0, names.indexOf(name));
  return `\u001b[${palette[index % palette.length]}m${text}\u001b[39m`;
}

/**
 * The formatter of kit's development logger, loaded through tsx (it is TypeScript). One line in (without
 * its newline), one readable line out (with it); a line that is not a log record comes back as it is.
 */
export async function loadLogLineFormatter({ color }) {
  const { tsImport } = await import('tsx/esm/api');
  const logger = await tsImport(path.join(root, 'services', 'kit', 'src', 'logger.ts'), import.meta.url);
  return logger.createLogLineFormatter({ colorize: color });
}

/**
 * What the scripts' children write, multiplexed onto this process's stdout. `names` are every process that
 * may write (for the column width and colours). attach(name, child) reads the child's stdout and stderr
 * line by line (both piped). format: the line formatter (kit's, by default).
 */
export async function createOutput({
  names,
  stream = process.stdout,
  color = colorEnabled(stream),
  format: givenFormat,
}) {
  const format = givenFormat ?? (await loadLogLineFormatter({ color }));
  const known = [...names];
  const attach = (name, child) => {
    if (!known.includes(name)) known.push(name);
    const prefix = prefixFor(name, known, color);
    for (const source of [child.stdout, child.stderr]) {
      if (!source) continue;
      const lines = createInterface({ input: source, crlfDelay: Infinity });
      lines.on('line', (line) => {
        // A rendered record may span lines (an error's stack): each gets the prefix.
        const text = format(line).replace(/\n$/, '');
        stream.write(
          `${text
            .split('\n')
            .map((part) => `${prefix}${part}`)
            .join('\n')}\n`,
        );
      });
    }
  };
  return { attach, color };
}
