import { describe, expect, it } from 'vitest';
import { bullPrefix, notificationsQueueName } from '@pitclock/notifier/queue';
import {
  allManifests,
  containerEnvSources,
  deployment,
  findManifest,
  loadManifestFiles,
  manifestsOfKind,
  onlyContainer,
  parseManifests,
  validateManifest,
  type Container,
  type Manifest,
} from './support/kubernetes';
import { finalStage, lastWorkdir, parseDockerfile } from './support/dockerfile';
import { processes } from './support/service-env';
import { readRepoFile, repoFileExists } from './support/repo';

const clone = <T>(value: T): T => structuredClone(value);
const namespace = 'pitclock';
const scaledOnCpu = ['auth', 'licensing', 'notifier', 'gateway'];
/** The Deployments behind a Service: those scaled on CPU, and sync (on CPU and memory). */
const withService = [...scaledOnCpu, 'sync'];

const manifestCases = loadManifestFiles().flatMap(({ file, manifests }) =>
  manifests.map((manifest) => ({ file, kind: manifest.kind, name: manifest.metadata?.name, manifest })),
);

describe('Kubernetes manifests (infra/k8s)', () => {
  it('has the resources of every deployable process', () => {
    expect(manifestCases.length).toBeGreaterThan(10);
    expect(
      manifestsOfKind('Deployment')
        .map((m) => m.metadata.name)
        .sort(),
    ).toEqual(processes.map((p) => p.name).sort());
  });

  it.each(manifestCases)('$file: $kind $name validates against its schema', ({ manifest }) => {
    expect(() => validateManifest(manifest)).not.toThrow();
  });

  describe('the validator', () => {
    const auth = () =>
      clone(findManifest('Deployment', 'auth')) as Manifest & { spec: Record<string, unknown> };

    it('rejects a field of the wrong type (replicas: "three")', () => {
      const broken = auth();
      broken.spec.replicas = 'three';
      expect(() => validateManifest(broken)).toThrow(/replicas/);
    });

    it('rejects a Deployment without its required pod template', () => {
      const broken = auth();
      delete broken.spec.template;
      expect(() => validateManifest(broken)).toThrow(/template/);
    });

    it('rejects a misspelt field (readinesProbe), which the plain JSON schema would let through', () => {
      const broken = auth();
      const container = (broken.spec as { template: { spec: { containers: Record<string, unknown>[] } } })
        .template.spec.containers[0]!;
      container.readinesProbe = container.readinessProbe;
      delete container.readinessProbe;
      expect(() => validateManifest(broken)).toThrow(/unknown fields .*readinesProbe/);
    });

    it('rejects an HorizontalPodAutoscaler without its scaleTargetRef', () => {
      const broken = clone(findManifest('HorizontalPodAutoscaler', 'auth')) as Manifest & {
        spec: { scaleTargetRef?: unknown };
      };
      delete broken.spec.scaleTargetRef;
      expect(() => validateManifest(broken)).toThrow(/scaleTargetRef/);
    });

    it('rejects a ScaledObject whose trigger has no type', () => {
      const broken = clone(findManifest('ScaledObject', 'notifier-worker')) as Manifest & {
        spec: { triggers: Record<string, unknown>[] };
      };
      delete broken.spec.triggers[0]!.type;
      expect(() => validateManifest(broken)).toThrow(/type/);
    });

    it('rejects a ConfigMap value that YAML reads as a boolean, as kubectl would', () => {
      const [configMap] = parseManifests(
        'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata:\n  FLAG: yes\n',
      );
      expect(() => validateManifest(configMap)).toThrow(/must be string/);
    });

    it('rejects a kind it has no schema for', () => {
      expect(() => validateManifest({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'x' } })).toThrow(
        /no schema for v1\/Pod/,
      );
    });
  });

  it('puts everything in the pitclock namespace, which is applied first', () => {
    const [first] = loadManifestFiles();
    expect(first?.manifests[0]).toMatchObject({ kind: 'Namespace', metadata: { name: namespace } });
    for (const manifest of allManifests().filter((m) => m.kind !== 'Namespace')) {
      expect(manifest.metadata.namespace, `${manifest.kind} ${manifest.metadata.name}`).toBe(namespace);
    }
  });

  it('names each resource once per kind', () => {
    const keys = allManifests().map((m) => `${m.kind}/${m.metadata.name}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps the Secret out of the applied folder, so that applying it never overwrites real secrets', () => {
    for (const { file, applied, manifests } of loadManifestFiles()) {
      const kinds = manifests.map((m) => m.kind);
      if (applied) expect(kinds, file).not.toContain('Secret');
      else expect(file).toMatch(/^infra\/k8s\/secrets\/.*\.example\.yaml$/);
    }
    expect(findManifest('Secret', 'pitclock-secrets')).toBeDefined();
  });

  describe.each(processes.map((p) => ({ ...p })))('Deployment $name', (service) => {
    const container = (): Container => onlyContainer(service.name);
    const portNames = () => new Set(container().ports?.map((p) => p.name));

    it('is probed: readiness on /readyz, liveness on /healthz, on a port the container declares', () => {
      const { readinessProbe, livenessProbe } = container();
      expect(readinessProbe?.httpGet?.path).toBe('/readyz');
      expect(livenessProbe?.httpGet?.path).toBe('/healthz');
      expect(portNames()).toContain(readinessProbe?.httpGet?.port);
      expect(portNames()).toContain(livenessProbe?.httpGet?.port);
    });

    it('requests and limits CPU and memory', () => {
      const { resources } = container();
      expect(Object.keys(resources?.requests ?? {}).sort()).toEqual(['cpu', 'memory']);
      expect(Object.keys(resources?.limits ?? {}).sort()).toEqual(['cpu', 'memory']);
    });

    it('runs as non-root with a read-only root filesystem, no privilege escalation and no capabilities', () => {
      const pod = deployment(service.name).spec.template.spec;
      const security = container().securityContext;
      expect(pod.securityContext?.runAsNonRoot ?? security?.runAsNonRoot).toBe(true);
      // The image's USER is a name (node), which the kubelet cannot check as non-root: the uid is given.
      expect(pod.securityContext?.runAsUser ?? security?.runAsUser).toBeGreaterThan(0);
      expect(security?.readOnlyRootFilesystem).toBe(true);
      expect(security?.allowPrivilegeEscalation).toBe(false);
      expect(security?.capabilities?.drop).toEqual(['ALL']);
      // tsx writes its cache to the temporary directory.
      const tmp = container().volumeMounts?.find((m) => m.mountPath === '/tmp');
      expect(pod.volumes?.find((v) => v.name === tmp?.name)?.emptyDir).toBeDefined();
    });

    it('selects its own pods and leaves the replica count to its autoscaler', () => {
      const { spec } = deployment(service.name);
      expect(spec.template.metadata.labels).toMatchObject(spec.selector.matchLabels);
      expect(spec.replicas).toBeUndefined();
    });

    it('runs the image infra/docker builds, with an entry file that exists', () => {
      const { image, command } = container();
      const match = /^pitclock\/([a-z-]+):\S+$/.exec(image);
      expect(match?.[1]).toBe(service.image);
      const dockerfile = parseDockerfile(`infra/docker/${service.image}.Dockerfile`);
      const workdir = lastWorkdir(finalStage(dockerfile)).replace(/^\/app\/?/, '');
      if (command) {
        expect(command.slice(0, 3)).toEqual(['node', '--import', 'tsx']);
        expect(command[3]).toBe(service.entry);
      }
      expect(repoFileExists(`${workdir}/${service.entry}`)).toBe(true);
    });

    it('refers only to ConfigMaps, Secrets and keys that exist (or are optional)', () => {
      for (const [variable, source] of containerEnvSources(container())) {
        if (source.from === 'value') continue;
        const manifest = findManifest(source.from === 'configMap' ? 'ConfigMap' : 'Secret', source.name);
        const data = (manifest.data ?? manifest.stringData ?? {}) as Record<string, string>;
        if (!source.optional) expect(Object.keys(data), `${variable}`).toContain(source.key);
      }
    });
  });

  it.each(withService)('exposes %s through a Service on the port it listens on', (name) => {
    const service = findManifest('Service', name) as Manifest & {
      spec: { selector: Record<string, string>; ports: { port: number; targetPort: string }[] };
    };
    const { spec } = deployment(name);
    expect(spec.template.metadata.labels).toMatchObject(service.spec.selector);
    const [port] = service.spec.ports;
    const containerPort = onlyContainer(name).ports?.find((p) => p.name === port?.targetPort);
    expect(containerPort?.containerPort).toBe(port?.port);
    const portVariable = containerEnvSources(onlyContainer(name)).get('PORT');
    expect(portVariable?.from).toBe('configMap');
    const configMap = findManifest('ConfigMap', portVariable?.from === 'configMap' ? portVariable.name : '');
    expect((configMap.data as Record<string, string>).PORT).toBe(String(port?.port));
  });

  it('points every service URL at a Service and its port', () => {
    const services = new Map(
      manifestsOfKind('Service').map((s) => [
        s.metadata.name,
        (s as Manifest & { spec: { ports: { port: number }[] } }).spec.ports[0]!.port,
      ]),
    );
    const urls = manifestsOfKind('ConfigMap').flatMap((cm) =>
      Object.entries(cm.data as Record<string, string>).filter(([key]) =>
        /^(AUTH|LICENSING|NOTIFIER|SYNC)_URL$/.test(key),
      ),
    );
    expect(urls.length).toBeGreaterThanOrEqual(5);
    for (const [key, url] of urls) {
      const { hostname, port } = new URL(url);
      expect(services.get(hostname), key).toBe(Number(port));
      expect(hostname).toBe(key.replace('_URL', '').toLowerCase());
    }
  });

  it('routes the Ingress (networking.k8s.io/v1) to the gateway Service', () => {
    const ingress = findManifest('Ingress', 'pitclock') as Manifest & {
      spec: {
        rules: {
          http: { paths: { path: string; backend: { service: { name: string; port: { name: string } } } }[] };
        }[];
      };
    };
    expect(ingress.apiVersion).toBe('networking.k8s.io/v1');
    const paths = ingress.spec.rules.flatMap((rule) => rule.http.paths);
    expect(paths.map((p) => [p.path, p.backend.service.name])).toEqual([['/', 'gateway']]);
    const gateway = findManifest('Service', 'gateway') as Manifest & { spec: { ports: { name: string }[] } };
    expect(gateway.spec.ports.map((p) => p.name)).toContain(paths[0]!.backend.service.port.name);
  });

  it.each(scaledOnCpu)('scales %s on CPU with an autoscaling/v2 HorizontalPodAutoscaler', (name) => {
    const hpa = findManifest('HorizontalPodAutoscaler', name) as Manifest & {
      spec: {
        scaleTargetRef: { kind: string; name: string };
        minReplicas: number;
        maxReplicas: number;
        metrics: { type: string; resource: { name: string; target: { type: string } } }[];
      };
    };
    expect(hpa.apiVersion).toBe('autoscaling/v2');
    expect(hpa.spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name });
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
    expect(hpa.spec.metrics).toEqual([
      expect.objectContaining({ type: 'Resource', resource: expect.objectContaining({ name: 'cpu' }) }),
    ]);
    // Utilization is a share of the request: without a CPU request the HPA cannot compute it.
    expect(onlyContainer(name).resources?.requests?.cpu).toBeDefined();
  });

  describe('the sync service', () => {
    type HpaView = Manifest & {
      spec: {
        scaleTargetRef: { kind: string; name: string };
        minReplicas: number;
        maxReplicas: number;
        metrics: { type: string; resource: { name: string; target: { type: string } } }[];
        behavior?: {
          scaleDown?: { stabilizationWindowSeconds?: number; policies?: { type: string; value: number }[] };
        };
      };
    };
    const hpa = () => findManifest('HorizontalPodAutoscaler', 'sync') as HpaView;

    it('scales on CPU and on memory (open streams), from at least 2 replicas', () => {
      expect(hpa().apiVersion).toBe('autoscaling/v2');
      expect(hpa().spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name: 'sync' });
      expect(hpa().spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(hpa().spec.maxReplicas).toBeGreaterThan(hpa().spec.minReplicas);
      expect(
        hpa()
          .spec.metrics.map((m) => [m.type, m.resource.name, m.resource.target.type])
          .sort(),
      ).toEqual([
        ['Resource', 'cpu', 'Utilization'],
        ['Resource', 'memory', 'Utilization'],
      ]);
      // Utilization is a share of the request: both must be requested.
      expect(Object.keys(onlyContainer('sync').resources?.requests ?? {}).sort()).toEqual(['cpu', 'memory']);
    });

    it('scales down one pod at a time, slowly: every pod removed sends its phones to reconnect', () => {
      const scaleDown = hpa().spec.behavior?.scaleDown;
      expect(scaleDown?.stabilizationWindowSeconds).toBeGreaterThanOrEqual(300);
      expect(scaleDown?.policies).toEqual([expect.objectContaining({ type: 'Pods', value: 1 })]);
    });

    it('says in its manifest why it scales on memory and CPU: one open stream per connected phone', () => {
      const file = readRepoFile('infra/k8s/25-sync.yaml');
      const comment = file.slice(0, file.indexOf('kind: HorizontalPodAutoscaler'));
      expect(comment).toMatch(/each connected phone holds one open event\s+# stream/);
      expect(comment).toMatch(/memory per\s+# connection/);
      expect(comment).toMatch(/CPU per poke fanned out/);
    });

    it('keeps a pod through voluntary disruptions', () => {
      const budget = findManifest('PodDisruptionBudget', 'sync') as Manifest & {
        spec: { minAvailable: number; selector: { matchLabels: Record<string, string> } };
      };
      expect(budget.spec.minAvailable).toBeGreaterThanOrEqual(1);
      expect(deployment('sync').spec.template.metadata.labels).toMatchObject(
        budget.spec.selector.matchLabels,
      );
    });

    it("keeps the gateway's stream idle timeout above the stream's heartbeat", () => {
      const data = (name: string) => findManifest('ConfigMap', name).data as Record<string, string>;
      expect(Number(data('pitclock-gateway').STREAM_IDLE_TIMEOUT_MS)).toBeGreaterThan(
        2 * Number(data('pitclock-sync').SYNC_HEARTBEAT_MS),
      );
    });
  });

  it('lets event streams through the Ingress: no response buffering, a read timeout above the heartbeat', () => {
    const { metadata } = findManifest('Ingress', 'pitclock') as Manifest & {
      metadata: { annotations?: Record<string, string> };
    };
    const annotations = metadata.annotations ?? {};
    expect(annotations['nginx.ingress.kubernetes.io/proxy-buffering']).toBe('off');
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThan(25);
  });

  describe('the notifier workers', () => {
    type ScaledObjectView = Manifest & {
      spec: {
        scaleTargetRef: { name: string };
        minReplicaCount: number;
        maxReplicaCount: number;
        triggers: { type: string; metadata: Record<string, string>; authenticationRef?: { name: string } }[];
      };
    };
    const scaledObject = () => findManifest('ScaledObject', 'notifier-worker') as ScaledObjectView;

    it('are scaled by a KEDA ScaledObject (keda.sh/v1alpha1) with a redis trigger, not by an HPA', () => {
      expect(scaledObject().apiVersion).toBe('keda.sh/v1alpha1');
      expect(scaledObject().spec.scaleTargetRef.name).toBe('notifier-worker');
      expect(scaledObject().spec.triggers.map((t) => t.type)).toEqual(['redis']);
      const hpaTargets = manifestsOfKind('HorizontalPodAutoscaler').map(
        (h) => (h as Manifest & { spec: { scaleTargetRef: { name: string } } }).spec.scaleTargetRef.name,
      );
      expect(hpaTargets).not.toContain('notifier-worker');
    });

    it("watch Bull's wait list of the notifications queue under the configured key prefix", () => {
      const prefix = (findManifest('ConfigMap', 'pitclock-backend').data as Record<string, string>)
        .REDIS_KEY_PREFIX!;
      const waitList = `${bullPrefix(prefix)}:${notificationsQueueName}:wait`;
      expect(waitList).toBe('pitclock:bull:notifications:wait');
      expect(scaledObject().spec.triggers[0]!.metadata.listName).toBe(waitList);
    });

    it('keep at least one worker, since only a running worker moves due delayed jobs to the wait list', () => {
      expect(scaledObject().spec.minReplicaCount).toBeGreaterThanOrEqual(1);
      expect(scaledObject().spec.maxReplicaCount).toBeGreaterThan(scaledObject().spec.minReplicaCount);
    });

    it("give KEDA's redis scaler only parameters it has, and credentials that exist in the Secret", () => {
      const redisScalerParameters = [
        'address',
        'addressFromEnv',
        'host',
        'hostFromEnv',
        'port',
        'portFromEnv',
        'username',
        'usernameFromEnv',
        'password',
        'passwordFromEnv',
        'listName',
        'listLength',
        'activationListLength',
        'databaseIndex',
        'enableTLS',
        'unsafeSsl',
      ];
      const [trigger] = scaledObject().spec.triggers;
      for (const key of Object.keys(trigger!.metadata)) expect(redisScalerParameters).toContain(key);
      const auth = findManifest('TriggerAuthentication', trigger!.authenticationRef!.name) as Manifest & {
        spec: { secretTargetRef: { parameter: string; name: string; key: string }[] };
      };
      for (const ref of auth.spec.secretTargetRef) {
        expect(redisScalerParameters).toContain(ref.parameter);
        const secret = findManifest('Secret', ref.name);
        expect(Object.keys(secret.stringData as Record<string, string>)).toContain(ref.key);
      }
    });
  });
});
