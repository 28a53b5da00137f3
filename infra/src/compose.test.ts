import { describe, expect, it } from 'vitest';
import {
  composeFile,
  composeServices,
  envExampleVariables,
  interpolationsOf,
  loadCompose,
  validateCompose,
  type ComposeService,
} from './support/compose';
import {
  dockerfiles,
  finalStage,
  instructionsNamed,
  lastWorkdir,
  parseDockerfile,
} from './support/dockerfile';
import { readRepoFile, repoFileExists } from './support/repo';
import { processes } from './support/service-env';
import { testSecrets } from './support/test-secrets';

const compose = () => loadCompose(testSecrets);
const services = () => composeServices(compose());
const service = (name: string): ComposeService => {
  const found = services()[name];
  if (!found) throw new Error(`no compose service ${name}`);
  return found;
};
const nodeServices = processes.map((p) => p.name);
const secrets = [
  'POSTGRES_PASSWORD',
  'JWT_SECRET',
  'PUSH_ACTION_SECRET',
  'VAPID_PUBLIC_KEY',
  'VAPID_PRIVATE_KEY',
  'ADMIN_PASSWORD',
];

describe('docker-compose.yml', () => {
  it('validates against the compose-spec schema once its variables are substituted', () => {
    expect(() => validateCompose(compose())).not.toThrow();
  });

  describe('the validator', () => {
    const broken = () => structuredClone(compose()) as { services: Record<string, Record<string, unknown>> };

    it('rejects an unknown service key (a misspelt healthcheck)', () => {
      const document = broken();
      document.services.auth!.helthcheck = document.services.auth!.healthcheck;
      expect(() => validateCompose(document)).toThrow(/must NOT have additional properties/);
    });

    it('rejects a depends_on condition compose does not have', () => {
      const document = broken();
      document.services.gateway!.depends_on = { auth: { condition: 'service_ready' } };
      expect(() => validateCompose(document)).toThrow(/depends_on/);
    });

    it('rejects replicas that are not a number', () => {
      const document = broken();
      document.services['notifier-worker']!.deploy = { replicas: 'three' };
      expect(() => validateCompose(document)).toThrow(/replicas/);
    });

    it('rejects a malformed port and a malformed healthcheck interval', () => {
      const ports = broken();
      ports.services.gateway!.ports = ['eighty:8080'];
      expect(() => validateCompose(ports)).toThrow(/ports/);
      const interval = broken();
      interval.services.auth!.healthcheck = { test: ['CMD', 'true'], interval: 'often' };
      expect(() => validateCompose(interval)).toThrow(/interval/);
    });
  });

  it('takes every secret from infra/.env and refuses to start without it', () => {
    const uses = interpolationsOf(readRepoFile(composeFile));
    for (const secret of secrets) {
      const references = uses.filter((use) => use.name === secret);
      expect(references.length, secret).toBeGreaterThan(0);
      expect(
        references.every((use) => use.operator === ':?'),
        secret,
      ).toBe(true);
      expect(() => loadCompose({ ...testSecrets, [secret]: undefined })).toThrow(secret);
      expect(() => loadCompose({ ...testSecrets, [secret]: '' })).toThrow(secret);
    }
  });

  it('documents every variable it uses in infra/.env.example, and nothing else', () => {
    const used = new Set(interpolationsOf(readRepoFile(composeFile)).map((use) => use.name));
    const documented = new Set(envExampleVariables().keys());
    expect([...used].sort()).toEqual([...documented].sort());
    // The template holds no secret value.
    for (const secret of secrets) expect(envExampleVariables().get(secret), secret).toBe('');
  });

  it("runs Redis with append-only persistence and noeviction (Bull's keys must never be evicted)", () => {
    const redis = service('redis');
    const command = redis.command!.join(' ');
    expect(command).toContain('--appendonly yes');
    expect(command).toContain('--maxmemory-policy noeviction');
    expect(redis.volumes?.some((volume) => volume.endsWith(':/data'))).toBe(true);
    expect(redis.healthcheck).toBeDefined();
  });

  it('keeps PostgreSQL data in a volume and checks its health', () => {
    const postgres = service('postgres');
    expect(postgres.volumes?.some((volume) => volume.endsWith(':/var/lib/postgresql/data'))).toBe(true);
    expect(postgres.healthcheck?.test.join(' ')).toContain('pg_isready');
  });

  it('publishes one port, the gateway, unless a profile is chosen', () => {
    const published = Object.entries(services())
      .filter(([, s]) => s.ports && !s.profiles)
      .map(([name]) => name);
    expect(published).toEqual(['gateway']);
    expect(service('gateway').ports).toEqual(['8080:8080']);
  });

  it('runs several notifier workers from the notifier image with the worker entry and its probe port', () => {
    const worker = service('notifier-worker');
    expect(worker.deploy?.replicas).toBeGreaterThanOrEqual(2);
    expect(worker.image).toBe(service('notifier').image);
    expect(worker.command).toEqual(['node', '--import', 'tsx', 'src/worker.ts']);
    expect(repoFileExists('services/notifier/src/worker.ts')).toBe(true);
    expect(worker.healthcheck?.test.join(' ')).toContain('process.env.WORKER_PORT');
    expect(worker.ports).toBeUndefined();
  });

  it('starts a service only once what it depends on is healthy, and everything depended on has a check', () => {
    for (const [name, s] of Object.entries(services())) {
      for (const [dependency, { condition }] of Object.entries(s.depends_on ?? {})) {
        expect(condition, `${name} -> ${dependency}`).toBe('service_healthy');
        expect(service(dependency).healthcheck, dependency).toBeDefined();
      }
    }
    expect(Object.keys(service('gateway').depends_on ?? {}).sort()).toEqual([
      'auth',
      'licensing',
      'notifier',
      'sync',
    ]);
  });

  it('runs several sync instances behind the one SYNC_URL, sharing PostgreSQL and Redis', () => {
    const sync = service('sync');
    expect(sync.deploy?.replicas).toBeGreaterThanOrEqual(2);
    expect(sync.ports).toBeUndefined();
    expect(service('gateway').environment?.SYNC_URL).toBe(`http://sync:${sync.environment?.PORT}`);
    expect(service('web').environment?.SYNC_UPSTREAM).toBe(`http://sync:${sync.environment?.PORT}`);
    for (const shared of ['DATABASE_URL', 'REDIS_URL', 'REDIS_KEY_PREFIX', 'JWT_SECRET', 'JWT_AUDIENCE'])
      expect(sync.environment?.[shared], shared).toBe(service('auth').environment?.[shared]);
  });

  it.each(nodeServices)(
    'builds %s from an existing Dockerfile of infra/docker, from the repository root',
    (name) => {
      const s = service(name);
      expect(s.build?.context).toBe('..');
      expect(dockerfiles()).toContain(s.build?.dockerfile);
      const image = processes.find((p) => p.name === name)!.image;
      expect(s.build?.dockerfile).toBe(`infra/docker/${image}.Dockerfile`);
      expect(s.image).toMatch(new RegExp(`^pitclock/${image}:`));
    },
  );

  it.each(nodeServices)('runs %s read-only with /tmp writable, and probes its /healthz', (name) => {
    const s = service(name);
    expect(s.read_only).toBe(true);
    expect((s as { tmpfs?: string[] }).tmpfs).toContain('/tmp');
    expect(s.healthcheck?.test.join(' ')).toContain('/healthz');
    // The entry file the container runs exists (the image's CMD, or the service's command).
    const stage = finalStage(parseDockerfile(s.build!.dockerfile));
    const entry = s.command?.[3] ?? JSON.parse(instructionsNamed(stage, 'CMD').at(-1)!.args)[3];
    expect(repoFileExists(`${lastWorkdir(stage).replace(/^\/app\//, '')}/${entry}`)).toBe(true);
  });

  it('points every service URL at the compose service on the port it listens on', () => {
    const urls = Object.values(services()).flatMap((s) =>
      Object.entries(s.environment ?? {}).filter(([key]) => /^(AUTH|LICENSING|NOTIFIER|SYNC)_URL$/.test(key)),
    );
    expect(urls.length).toBeGreaterThanOrEqual(4);
    for (const [key, url] of urls) {
      const { hostname, port } = new URL(String(url));
      expect(hostname).toBe(key.replace('_URL', '').toLowerCase());
      expect(service(hostname).environment?.PORT).toBe(port);
    }
  });
});
