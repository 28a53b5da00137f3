import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogLineFormatter } from '../../services/kit/src/logger.ts';
import { colorEnabled, createOutput, prefixFor } from './output.mjs';

describe('colorEnabled', () => {
  const tty = { isTTY: true };
  const pipe = { isTTY: false };

  it('colours a terminal, not a pipe or a dumb terminal', () => {
    expect(colorEnabled(tty, {})).toBe(true);
    expect(colorEnabled(pipe, {})).toBe(false);
    expect(colorEnabled(tty, { TERM: 'dumb' })).toBe(false);
  });

  it('follows NO_COLOR and FORCE_COLOR', () => {
    expect(colorEnabled(tty, { NO_COLOR: '1' })).toBe(false);
    expect(colorEnabled(pipe, { FORCE_COLOR: '1' })).toBe(true);
    expect(colorEnabled(tty, { FORCE_COLOR: '0' })).toBe(false);
  });
});

describe('prefixFor', () => {
  const names = ['auth', 'notifier-worker', 'gateway'];

  it('pads every name to the widest, then a bar', () => {
    expect(prefixFor('auth', names, false)).toBe('auth            │ ');
    expect(prefixFor('notifier-worker', names, false)).toBe('notifier-worker │ ');
  });

  it('gives each process its own colour', () => {
    expect(prefixFor('auth', names, true)).toBe('\u001b[36mauth            │ \u001b[39m');
    expect(prefixFor('gateway', names, true)).toBe('\u001b[33mgateway         │ \u001b[39m');
  });
});

describe('createOutput', () => {
  const collect = () => {
    const stream = new PassThrough();
    let text = '';
    stream.on('data', (chunk) => (text += String(chunk)));
    return { stream, text: () => text };
  };
  const child = () => ({ stdout: new PassThrough(), stderr: new PassThrough() });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

  it("renders a process's JSON log lines readable, one prefixed line each, and passes other lines through", async () => {
    const out = collect();
    const output = await createOutput({
      names: ['auth', 'gateway'],
      stream: out.stream,
      color: false,
      format: createLogLineFormatter({ colorize: false }),
    });
    const auth = child();
    output.attach('auth', auth);
    const time = new Date(2026, 0, 2, 9, 5, 7, 42).getTime();
    auth.stdout.write(
      `${JSON.stringify({ level: 30, time, pid: 1, hostname: 'h', name: 'auth', msg: 'listening', url: 'http://127.0.0.1:8081' })}\n`,
    );
    auth.stderr.write('PostgreSQL at postgres://pitclock@127.0.0.1:5432/pitclock is not reachable\n');
    await settle();
    expect(out.text()).toBe(
      'auth    │ [09:05:07.042] INFO: listening {"url":"http://127.0.0.1:8081"}\n' +
        'auth    │ PostgreSQL at postgres://pitclock@127.0.0.1:5432/pitclock is not reachable\n',
    );
  });

  it('prefixes each line of a record that spans several (an error and its stack)', async () => {
    const out = collect();
    const output = await createOutput({
      names: ['licensing'],
      stream: out.stream,
      color: false,
      format: (line) => `${line}\n  at somewhere\n`,
    });
    const licensing = child();
    output.attach('licensing', licensing);
    licensing.stdout.write('boom\n');
    await settle();
    expect(out.text()).toBe('licensing │ boom\nlicensing │   at somewhere\n');
  });
});
