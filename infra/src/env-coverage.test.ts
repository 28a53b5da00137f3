import { loadConfig } from '@pitclock/kit';
import { describe, expect, it } from 'vitest';
import { composeServices, loadCompose } from './support/compose';
import { finalStage, parseDockerfile, stageEnv } from './support/dockerfile';
import { containerEnvSources, manifestsOfKind, onlyContainer, resolveEnvSource } from './support/kubernetes';
import {
  optionalWithDefault,
  processes,
  schemaVariables,
  setForOthers,
  sourceVariables,
  variablesReadBy,
  type ServiceProcess,
} from './support/service-env';
import { testSecrets } from './support/test-secrets';

/** What the image itself sets (ENV of its final stage, build arguments at their defaults). */
const imageEnv = (service: ServiceProcess): Record<string, string> =>
  stageEnv(finalStage(parseDockerfile(`infra/docker/${service.image}.Dockerfile`)));

const composeEnv = (service: ServiceProcess): Record<string, string> => {
  const environment = composeServices(loadCompose(testSecrets))[service.name]?.environment;
  if (!environment) throw new Error(`compose service ${service.name} has no environment`);
  return Object.fromEntries(Object.entries(environment).map(([key, value]) => [key, String(value ?? '')]));
};

const kubernetesEnv = (service: ServiceProcess): Record<string, string> => {
  const sources = containerEnvSources(onlyContainer(service.name));
  return Object.fromEntries(
    [...sources].flatMap(([name, source]) => {
      const value = resolveEnvSource(source, testSecrets);
      return value === undefined ? [] : [[name, value]];
    }),
  );
};

const missing = (service: ServiceProcess, provided: Record<string, string>) =>
  variablesReadBy(service).filter(
    (name) => !(name in provided) && !(name in imageEnv(service)) && !(name in optionalWithDefault),
  );

const allReadVariables = () => new Set(processes.flatMap((service) => variablesReadBy(service)));

describe('environment coverage', () => {
  it('derives what each process reads from its config schema and its sources', () => {
    const byName = Object.fromEntries(processes.map((service) => [service.name, variablesReadBy(service)]));
    for (const names of Object.values(byName))
      expect(names).toEqual(expect.arrayContaining(['NODE_ENV', 'HOST']));
    expect(byName.auth).toEqual(
      expect.arrayContaining(['PORT', 'DATABASE_URL', 'JWT_SECRET', 'ADMIN_PASSWORD']),
    );
    expect(byName.licensing).toEqual(expect.arrayContaining(['AUTH_URL', 'LICENSE_PRIVATE_KEY']));
    expect(byName.notifier).toEqual(expect.arrayContaining(['VAPID_PRIVATE_KEY', 'PUSH_JOB_ATTEMPTS']));
    expect(byName['notifier-worker']).toEqual(
      expect.arrayContaining(['WORKER_PORT', 'BULL_LOCK_DURATION_MS']),
    );
    expect(byName['notifier-worker']).not.toContain('PORT');
    expect(byName.sync).toEqual(
      expect.arrayContaining(['PORT', 'DATABASE_URL', 'REDIS_URL', 'JWT_SECRET', 'SYNC_HEARTBEAT_MS']),
    );
    // The gateway's schema is wrapped in .transform(): its keys are read through the pipe.
    expect(schemaVariables(processes.find((s) => s.name === 'gateway')!.schema)).toEqual(
      expect.arrayContaining(['AUTH_URL', 'LICENSING_URL', 'NOTIFIER_URL', 'SYNC_URL', 'STATIC_ROOT']),
    );
    // kit's resolveVersion reads APP_VERSION and APP_COMMIT outside any schema; test helpers are left out.
    expect(sourceVariables(['services/kit/src'])).toEqual(['APP_COMMIT', 'APP_VERSION']);
  });

  it('keeps the exception list honest: each entry is read by a process', () => {
    for (const name of Object.keys(optionalWithDefault)) expect(allReadVariables(), name).toContain(name);
    expect(Object.keys(optionalWithDefault).length).toBeLessThanOrEqual(5);
  });

  describe.each(processes.map((service) => ({ ...service })))('$name', (service) => {
    it('gets every variable it reads in docker-compose.yml (or from its image)', () => {
      expect(missing(service, composeEnv(service))).toEqual([]);
    });

    it('gets every variable it reads in Kubernetes from its ConfigMaps and the Secret (or its image)', () => {
      expect(missing(service, kubernetesEnv(service))).toEqual([]);
    });

    it("starts with docker-compose.yml's values: its config schema accepts them", () => {
      expect(() =>
        loadConfig(service.schema, { ...imageEnv(service), ...composeEnv(service) }),
      ).not.toThrow();
    });

    it("starts with the Kubernetes values: its config schema accepts the ConfigMaps' values", () => {
      expect(() =>
        loadConfig(service.schema, { ...imageEnv(service), ...kubernetesEnv(service) }),
      ).not.toThrow();
    });
  });

  it('sets nothing that no process reads (a misspelt or stale variable)', () => {
    const read = allReadVariables();
    const unread = (names: string[]) => names.filter((name) => !read.has(name) && !(name in setForOthers));
    const composeNames = processes.flatMap((service) => Object.keys(composeEnv(service)));
    expect(unread(composeNames)).toEqual([]);
    const kubernetesNames = [...manifestsOfKind('ConfigMap'), ...manifestsOfKind('Secret')].flatMap((m) =>
      Object.keys((m.data ?? m.stringData ?? {}) as Record<string, string>),
    );
    expect(unread(kubernetesNames)).toEqual([]);
  });

  it('sets the same value in compose and in Kubernetes, except where the two deployments differ', () => {
    const differ: Record<string, string> = {
      TRUST_PROXY: 'compose: 1 hop (the gateway) / loopback; Kubernetes: the ingress controller too',
      DATABASE_URL: 'compose: its own postgres service; Kubernetes: a managed server (the Secret)',
      REDIS_URL: 'compose: its own redis service; Kubernetes: a managed server (the Secret)',
      VAPID_SUBJECT: 'compose: from infra/.env; Kubernetes: the notifier ConfigMap',
    };
    for (const service of processes) {
      const [compose, kubernetes] = [composeEnv(service), kubernetesEnv(service)];
      for (const name of Object.keys(compose).filter((n) => n in kubernetes && !(n in differ))) {
        expect(kubernetes[name], `${service.name} ${name}`).toBe(compose[name]);
      }
    }
  });

  it("keeps the numeric settings at the services' defaults, so that a tuned default is not overridden", () => {
    for (const service of processes) {
      const defaults = loadConfig(service.schema, testSecrets) as Record<string, unknown>;
      for (const env of [composeEnv(service), kubernetesEnv(service)]) {
        for (const [name, value] of Object.entries(env)) {
          if (typeof defaults[name] !== 'number' || name === 'TRUST_PROXY') continue;
          expect(Number(value), `${service.name} ${name}`).toBe(defaults[name]);
        }
      }
    }
  });

  it('gives every service that checks access tokens the same secret, audience, database and Redis prefix', () => {
    const [auth, ...verifiers] = ['auth', 'licensing', 'notifier', 'sync'].map((name) =>
      processes.find((service) => service.name === name)!,
    );
    const shared = ['JWT_SECRET', 'JWT_AUDIENCE', 'DATABASE_URL', 'REDIS_URL', 'REDIS_KEY_PREFIX'];
    for (const read of [composeEnv, kubernetesEnv]) {
      for (const verifier of verifiers)
        for (const name of shared)
          expect(read(verifier!)[name], `${verifier!.name} ${name}`).toBe(read(auth!)[name]);
    }
  });

  it("keeps the gateway's stream idle timeout above the sync service's heartbeat", () => {
    const [sync, gateway] = ['sync', 'gateway'].map((name) =>
      processes.find((service) => service.name === name)!,
    );
    for (const read of [composeEnv, kubernetesEnv]) {
      expect(Number(read(gateway!).STREAM_IDLE_TIMEOUT_MS)).toBeGreaterThan(
        2 * Number(read(sync!).SYNC_HEARTBEAT_MS),
      );
    }
  });

  it('gives the notifier API and its workers the same push keys and secrets (they must agree)', () => {
    const [api, worker] = ['notifier', 'notifier-worker'].map((name) =>
      processes.find((service) => service.name === name)!,
    );
    const shared = [
      'VAPID_PUBLIC_KEY',
      'VAPID_PRIVATE_KEY',
      'PUSH_ACTION_SECRET',
      'JWT_SECRET',
      'REDIS_KEY_PREFIX',
    ];
    for (const read of [composeEnv, kubernetesEnv]) {
      for (const name of shared) expect(read(worker!)[name], name).toBe(read(api!)[name]);
    }
  });
});
