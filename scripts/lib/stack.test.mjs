import { upstreamNames } from '@pitclock/gateway/routing';
import { describe, expect, it } from 'vitest';
import {
  gatewayUpstreamEnv,
  planProcesses,
  planProcessNames,
  portsFrom,
  scaledInstances,
  singleInstances,
} from './stack.mjs';

describe('the stack plan (scripts/lib/stack.mjs)', () => {
  it('puts the services just above the gateway, sync on the next free port (gateway + 5)', () => {
    expect(portsFrom(8080)).toEqual({
      gateway: 8080,
      auth: 8081,
      licensing: 8082,
      notifier: 8083,
      worker: 8084,
      sync: 8085,
    });
  });

  it('runs one of each, sync included, then the gateway', () => {
    expect(planProcessNames()).toEqual([
      'auth',
      'licensing',
      'notifier',
      'notifier-worker',
      'sync',
      'gateway',
    ]);
    expect(singleInstances).toMatchObject({ sync: 1 });
  });

  it('runs two sync instances in the scaled stack, the second on the extra ports from gateway + 20', () => {
    expect(scaledInstances).toMatchObject({ sync: 2 });
    const planned = planProcesses(8180, scaledInstances);
    expect(
      planned
        .filter((proc) => proc.portKey === 'sync')
        .map(({ name, port, dir, entry }) => ({ name, port, dir, entry })),
    ).toEqual([
      { name: 'sync-1', port: 8185, dir: 'services/sync', entry: 'src/main.ts' },
      { name: 'sync-2', port: 8205, dir: 'services/sync', entry: 'src/main.ts' },
    ]);
  });

  it.each([
    ['single', singleInstances],
    ['scaled', scaledInstances],
  ])('gives each process of the %s stack a port of its own', (_, instances) => {
    const ports = [8080, ...planProcesses(8080, instances).map((proc) => proc.port)];
    expect(new Set(ports).size).toBe(ports.length);
  });

  it.each([
    ['single', singleInstances],
    ['scaled', scaledInstances],
  ])(
    "gives the %s stack's gateway the URLs of every service it routes to, each instance once",
    (_, instances) => {
      const planned = planProcesses(8080, instances);
      const env = gatewayUpstreamEnv(planned);
      expect(Object.keys(env).sort()).toEqual(
        upstreamNames.map((name) => `${name.toUpperCase()}_URL`).sort(),
      );
      for (const name of upstreamNames) {
        const ports = planned.filter((proc) => proc.portKey === name).map((proc) => proc.port);
        expect(env[`${name.toUpperCase()}_URL`], name).toBe(
          ports.map((port) => `http://127.0.0.1:${port}`).join(','),
        );
        expect(ports).toHaveLength(instances[name]);
      }
    },
  );
});
