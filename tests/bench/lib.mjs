// Shared by the benchmarks: a running stack (BENCH_URL, or one started here on its own database)
// and Debian's Chromium.
import { spawn } from 'node:child_process';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..', '..');
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

export async function withStack(run) {
  if (process.env.BENCH_URL) return run(process.env.BENCH_URL);
  const port = Number(process.env.BENCH_PORT ?? 8191);
  const child = spawn(process.execPath, ['scripts/serve-stack.mjs', '--port', String(port), '--fresh-db'], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const ready = new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => { if (String(chunk).includes('stack ready')) resolve(); });
    child.once('exit', (code) => reject(new Error(`the stack exited with ${code}`)));
  });
  try {
    await ready;
    return await run(`http://localhost:${port}`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

/** An unsigned JWT whose claims the shell reads offline; the services would reject it. */
export function fakeToken(claims = {}) {
  const encode = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + 3600;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: '1', exp, is_admin: false, ...claims })}.c2lnbmF0dXJl`;
}
