import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ScaledObject, TriggerAuthentication } from '@kubernetes-models/keda/keda.sh/v1alpha1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Namespace, Secret, Service } from 'kubernetes-models/v1';
import { parseAllDocuments } from 'yaml';
import { isRecord, packageDir, readRepoFile, repoPath } from './repo';

export type Manifest = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [field: string]: unknown;
};

/** A YAML file of infra/k8s; `applied` is false for the examples that `kubectl apply -f infra/k8s/` skips. */
export type ManifestFile = { file: string; applied: boolean; manifests: Manifest[] };

/** The object model (with its JSON-schema validator) of every kind the manifests may use. */
const models: Record<string, new (data: never) => { validate(): void }> = {
  'v1/Namespace': Namespace,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/Ingress': Ingress,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'keda.sh/v1alpha1/ScaledObject': ScaledObject,
  'keda.sh/v1alpha1/TriggerAuthentication': TriggerAuthentication,
};

export const supportedKinds = Object.keys(models);

/**
 * Every field name of every Kubernetes and KEDA type (read from the models' type declarations). The
 * JSON schemas of kubernetes-models accept unknown fields, as the API server does not (kubectl's strict
 * field validation), so a misspelt key is caught with this list instead.
 */
let knownFields: Set<string> | undefined;
const fieldVocabulary = (): Set<string> => {
  if (knownFields) return knownFields;
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== '_schemas') walk(full);
      } else if (entry.name.endsWith('.d.ts')) {
        for (const match of readFileSync(full, 'utf8').matchAll(/^[ \t]*"([^"]+)"\??:/gm))
          names.add(match[1]!);
      }
    }
  };
  for (const name of ['kubernetes-models', '@kubernetes-models/apimachinery', '@kubernetes-models/keda']) {
    walk(packageDir(name));
  }
  knownFields = names;
  return names;
};

/** Maps whose keys are free (labels, ConfigMap data, resource names, a KEDA trigger's metadata). */
const freeFormMaps = new Set([
  'labels',
  'annotations',
  'matchLabels',
  'nodeSelector',
  'data',
  'stringData',
  'binaryData',
  'limits',
  'requests',
]);

/** Free maps found by their place: a Service's selector is a plain label map (a Deployment's is not). */
const freeFormPaths: Record<string, RegExp> = {
  'v1/Service': /^spec\.selector$/,
  'keda.sh/v1alpha1/ScaledObject': /^spec\.triggers\[\d+\]\.metadata$/,
};

/** The paths of fields that no Kubernetes or KEDA type has (typos such as `readinesProbe`). */
export const unknownFields = (value: unknown, kind = '', path = ''): string[] => {
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => unknownFields(item, kind, `${path}[${index}]`));
  }
  if (!isRecord(value)) return [];
  return Object.entries(value).flatMap(([key, child]) => {
    const here = path ? `${path}.${key}` : key;
    if (!fieldVocabulary().has(key)) return [here];
    const free = freeFormMaps.has(key) || freeFormPaths[kind]?.test(here) === true;
    return free ? [] : unknownFields(child, kind, here);
  });
};

/**
 * Throws unless the object is a manifest of a known kind that its JSON schema accepts (types, required
 * fields, enums, formats) and that has no unknown field.
 */
export const validateManifest = (manifest: unknown): void => {
  if (!isRecord(manifest)) throw new Error('a manifest must be a mapping');
  const key = `${String(manifest.apiVersion)}/${String(manifest.kind)}`;
  const Model = models[key];
  if (!Model) throw new Error(`no schema for ${key}; known: ${supportedKinds.join(', ')}`);
  new Model(manifest as never).validate();
  const unknown = unknownFields(manifest, key);
  if (unknown.length > 0) throw new Error(`${key}: unknown fields ${unknown.join(', ')}`);
};

/**
 * Parses a multi-document YAML file as kubectl does (YAML 1.1: an unquoted yes/no/on/off is a boolean,
 * so a ConfigMap value written that way fails its schema here as it would in the cluster).
 */
export const parseManifests = (text: string, file = '(text)'): Manifest[] =>
  parseAllDocuments(text, { version: '1.1' }).flatMap((document) => {
    if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0]!.message}`);
    const value: unknown = document.toJS();
    return value === null || value === undefined ? [] : [value as Manifest];
  });

const yamlFiles = (relativeDir: string) =>
  readdirSync(repoPath(relativeDir))
    .filter((name) => name.endsWith('.yaml') || name.endsWith('.yml'))
    .sort()
    .map((name) => `${relativeDir}/${name}`);

/** infra/k8s/*.yaml (what `kubectl apply -f infra/k8s/` applies) and the examples in infra/k8s/secrets/. */
let loaded: ManifestFile[] | undefined;
export const loadManifestFiles = (): ManifestFile[] => (loaded ??= readManifestFiles());

const readManifestFiles = (): ManifestFile[] => [
  ...yamlFiles('infra/k8s').map((file) => ({
    file,
    applied: true,
    manifests: parseManifests(readRepoFile(file), file),
  })),
  ...yamlFiles('infra/k8s/secrets').map((file) => ({
    file,
    applied: false,
    manifests: parseManifests(readRepoFile(file), file),
  })),
];

export const allManifests = (): Manifest[] => loadManifestFiles().flatMap((file) => file.manifests);

export const manifestsOfKind = (kind: string): Manifest[] => allManifests().filter((m) => m.kind === kind);

export const findManifest = (kind: string, name: string): Manifest => {
  const found = allManifests().find((m) => m.kind === kind && m.metadata.name === name);
  if (!found) throw new Error(`no ${kind} named ${name} in infra/k8s`);
  return found;
};

/** A few typed views of what the tests read (the schemas have already checked the shapes). */
export type Probe = { httpGet?: { path?: string; port?: string | number } };
export type Container = {
  name: string;
  image: string;
  command?: string[];
  ports?: { name?: string; containerPort: number }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  env?: {
    name: string;
    value?: string;
    valueFrom?: {
      configMapKeyRef?: { name: string; key: string; optional?: boolean };
      secretKeyRef?: { name: string; key: string; optional?: boolean };
    };
  }[];
  readinessProbe?: Probe;
  livenessProbe?: Probe;
  startupProbe?: Probe;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: {
    runAsNonRoot?: boolean;
    runAsUser?: number;
    readOnlyRootFilesystem?: boolean;
    allowPrivilegeEscalation?: boolean;
    capabilities?: { drop?: string[] };
  };
  volumeMounts?: { name: string; mountPath: string }[];
};
export type PodSpec = {
  containers: Container[];
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number };
  volumes?: { name: string; emptyDir?: unknown }[];
};
export type DeploymentView = Manifest & {
  spec: {
    replicas?: number;
    selector: { matchLabels: Record<string, string> };
    template: { metadata: { labels: Record<string, string> }; spec: PodSpec };
  };
};

export const deployment = (name: string): DeploymentView =>
  findManifest('Deployment', name) as DeploymentView;

export const onlyContainer = (name: string): Container => {
  const containers = deployment(name).spec.template.spec.containers;
  if (containers.length !== 1) throw new Error(`Deployment ${name} has ${containers.length} containers`);
  return containers[0]!;
};

/** What a Deployment's container gets in its environment: envFrom sources, then env (which wins). */
export type EnvSource =
  | { from: 'value'; value: string }
  | { from: 'configMap' | 'secret'; name: string; key: string; optional: boolean };

export const containerEnvSources = (container: Container): Map<string, EnvSource> => {
  const sources = new Map<string, EnvSource>();
  for (const source of container.envFrom ?? []) {
    const ref = source.configMapRef ?? source.secretRef;
    if (!ref) continue;
    const from = source.configMapRef ? 'configMap' : 'secret';
    const manifest = findManifest(from === 'configMap' ? 'ConfigMap' : 'Secret', ref.name);
    const data = (manifest.data ?? manifest.stringData ?? {}) as Record<string, string>;
    for (const key of Object.keys(data)) sources.set(key, { from, name: ref.name, key, optional: false });
  }
  for (const variable of container.env ?? []) {
    if (variable.value !== undefined) sources.set(variable.name, { from: 'value', value: variable.value });
    const configMapRef = variable.valueFrom?.configMapKeyRef;
    const secretRef = variable.valueFrom?.secretKeyRef;
    if (configMapRef) sources.set(variable.name, { from: 'configMap', optional: false, ...configMapRef });
    if (secretRef) sources.set(variable.name, { from: 'secret', optional: false, ...secretRef });
  }
  return sources;
};

/** The value a source resolves to; `secrets` replaces the example Secret's placeholders, key by key. */
export const resolveEnvSource = (source: EnvSource, secrets: Record<string, string>): string | undefined => {
  if (source.from === 'value') return source.value;
  if (source.from === 'secret' && source.key in secrets) return secrets[source.key];
  const manifest = findManifest(source.from === 'configMap' ? 'ConfigMap' : 'Secret', source.name);
  const data = (manifest.data ?? manifest.stringData ?? {}) as Record<string, string>;
  return data[source.key];
};
