import type { IHTTPRoute } from '@kubernetes-models/gateway-api/gateway.networking.k8s.io/v1/HTTPRoute';
import type { IHTTPRouteMatch } from '@kubernetes-models/gateway-api/gateway.networking.k8s.io/v1/HTTPRouteMatch';
import type { IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import type { IJob } from 'kubernetes-models/batch/v1/Job';
import type { IPodSecurityContext } from 'kubernetes-models/v1/PodSecurityContext';
import type { ISecurityContext } from 'kubernetes-models/v1/SecurityContext';
import type { IService } from 'kubernetes-models/v1/Service';
import { stringify } from 'yaml';
import { appNames, routeOwnership, serviceNames, type AppName, type RouteOwnership, type ServiceName } from '@repo/contracts';

/**
 * The generated part of infra/kubernetes/base: the Gateway API routes, derived from the route table as nginx's config
 * is, and each service's Deployment, Service and migrate Job, which differ only in the secrets each service is given.
 * `pnpm --filter @repo/gateway render:kubernetes` writes them; a test fails when the committed files differ. The
 * objects are typed with kubernetes-models' interfaces, so a misspelt field fails the typecheck as well as the test.
 */

/** The port every service image listens on (infra/Dockerfile's `PORT=3000`) and the nginx image's port. */
export const servicePort = 3000;
export const gatewayPort = 80;
/** The Gateway (infra/kubernetes/base/gateway/gateway.yaml) the routes attach to. */
export const gatewayName = 'appliance-repair';
/** The host names the routes answer on; each overlay patches them (and the gateway's WEB_HOST, PORTAL_HOST, BACKOFFICE_HOST). */
export const defaultAppHosts: Record<AppName, string> = { web: 'example.com', portal: 'portal.example.com', backoffice: 'backoffice.example.com' };
/** The one Secret of an overlay's secrets.env, and each service's database role (username, password) for CloudNativePG. */
export const appSecretName = 'app-secrets';
/** The Secret of an overlay's secrets/object-store.env: the S3 bucket booking keeps appointment photos in, and its key. */
export const objectStoreSecretName = 'object-store';
export const databaseSecretName = (service: ServiceName) => `${service}-database`;
/** CloudNativePG's read-write Service of the `postgres` Cluster. */
export const databaseHost = 'postgres-rw';
export const imageName = (component: ServiceName | 'gateway') => `appliance-repair/${component}`;

/**
 * A route's request timeout bounds the whole exchange, and for a WebSocket the exchange is the socket's life: any
 * duration would end every technician's live view after it, however busy. Gateway API defines 0s as "no timeout" (or
 * the longest an implementation allows); the service's own heartbeat (WS_HEARTBEAT_MS) finds dead sockets instead, as
 * nginx's one-hour idle timeout does in compose. Other calls get a minute, longer than any answer a service takes.
 */
export const websocketTimeout = '0s';
export const requestTimeout = '60s';

/** A variable taken from a Secret (`app-secrets` unless named), by its own name. */
type SecretVariable = { name: string; optional?: boolean; secret?: string };
const required = (name: string, secret?: string): SecretVariable => ({ name, ...(secret && { secret }) });
const optional = (name: string, secret?: string): SecretVariable => ({ name, optional: true, ...(secret && { secret }) });
const fieldServiceSecrets = ['SERVICEPRO_PASSWORD', 'SERVICETITAN_CLIENT_SECRET', 'SERVICETITAN_APP_KEY', 'JOBBER_API_KEY', 'JOBBER_CLIENT_SECRET', 'JOBBER_REFRESH_TOKEN'].map((name) => optional(name));

/**
 * Booking's object store in production: an S3 bucket (no local store runs in Kubernetes), its endpoint, bucket, region
 * and a key allowed to put, get and delete objects in it; the public URL only when browsers reach it elsewhere.
 */
const objectStoreSecrets = [
  required('OBJECT_STORE_URL', objectStoreSecretName),
  optional('OBJECT_STORE_PUBLIC_URL', objectStoreSecretName),
  optional('OBJECT_STORE_BUCKET', objectStoreSecretName),
  optional('OBJECT_STORE_REGION', objectStoreSecretName),
  required('OBJECT_STORE_ACCESS_KEY_ID', objectStoreSecretName),
  required('OBJECT_STORE_SECRET_ACCESS_KEY', objectStoreSecretName),
];

/**
 * The variables of app-secrets (and booking's object-store Secret) each service is given, as docker-compose.yml gives
 * them: only accounts holds the session signing key, only booking the link signing key and the bucket's key (tracking
 * and payments verify links with its public half).
 * Everything else a service reads comes from its ConfigMaps.
 */
export const serviceSecrets: Record<ServiceName, readonly SecretVariable[]> = {
  // The field-service credentials stay with accounts, which makes booking's calls to those systems for it.
  booking: [required('LINK_PRIVATE_KEY'), ...objectStoreSecrets],
  accounts: [required('JWT_PRIVATE_KEY'), required('FIELD_SERVICE_CREDENTIALS_KEY'), optional('ADMIN_PASSWORD'), ...fieldServiceSecrets],
  tracking: [required('LINK_PUBLIC_KEY')],
  payments: [required('LINK_PUBLIC_KEY'), optional('STRIPE_SECRET_KEY'), optional('STRIPE_WEBHOOK_SECRET')],
  notifications: [optional('SMTP_PASSWORD'), optional('SMTP_DKIM_PRIVATE_KEY'), optional('TWILIO_AUTH_TOKEN')],
};
/** Every service verifies sessions and serves /metrics to the scraper's token. */
export const sharedSecrets: readonly SecretVariable[] = [required('JWT_PUBLIC_KEY'), required('METRICS_TOKEN')];
/** Each service's own signing key, named as in .env.example; TRUSTED_SERVICE_KEYS and SERVICE_KEY are built from them. */
export const serviceKeyVariable = (service: ServiceName) => `${service.toUpperCase()}_SERVICE_KEY`;

const labels = (name: string, component: string) => ({
  'app.kubernetes.io/name': name,
  'app.kubernetes.io/component': component,
  'app.kubernetes.io/part-of': 'appliance-repair',
});

const secretEnv = (variable: SecretVariable, secret = variable.secret ?? appSecretName, key = variable.name) => ({
  name: variable.name,
  valueFrom: { secretKeyRef: { name: secret, key, ...(variable.optional && { optional: true }) } },
});

/**
 * DATABASE_URL from the role's password: Kubernetes expands `$(NAME)` from variables defined before it, so the password
 * lives once, in the Secret CloudNativePG sets the role's password from. It must be URL-safe (secrets.env.example says so).
 */
const databaseEnv = (service: ServiceName) => [
  secretEnv({ name: 'DATABASE_PASSWORD' }, databaseSecretName(service), 'password'),
  { name: 'DATABASE_URL', value: `postgres://${service}:$(DATABASE_PASSWORD)@${databaseHost}:5432/${service}` },
];

/** Writes only to /tmp (an emptyDir); the root file system is read-only, no capability, no privilege escalation. */
const containerSecurity: ISecurityContext = { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, runAsNonRoot: true, capabilities: { drop: ['ALL'] } };
/** The image's `node` user (uid 1000); files of the image stay root's, so the process cannot change its own code. */
const podSecurity: IPodSecurityContext = { runAsNonRoot: true, runAsUser: 1000, runAsGroup: 1000, fsGroup: 1000, seccompProfile: { type: 'RuntimeDefault' } };
const tmpVolume = { name: 'tmp', emptyDir: { sizeLimit: '64Mi' } };
const tmpMount = { name: 'tmp', mountPath: '/tmp' };

function serviceDeployment(service: ServiceName): IDeployment {
  const keys = serviceNames.map((peer) => secretEnv({ name: serviceKeyVariable(peer) }));
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: service, labels: labels(service, 'service') },
    spec: {
      replicas: 1,
      selector: { matchLabels: { 'app.kubernetes.io/name': service } },
      template: {
        metadata: { labels: labels(service, 'service') },
        spec: {
          automountServiceAccountToken: false,
          securityContext: podSecurity,
          // The service's own bound on a graceful stop (SHUTDOWN_DELAY_MS, then SHUTDOWN_TIMEOUT_MS) fits inside it.
          terminationGracePeriodSeconds: 20,
          containers: [
            {
              name: service,
              image: imageName(service),
              ports: [{ name: 'http', containerPort: servicePort }],
              envFrom: [{ configMapRef: { name: 'shared-config' } }, { configMapRef: { name: `${service}-config` } }],
              env: [
                ...sharedSecrets.map((variable) => secretEnv(variable)),
                ...serviceSecrets[service].map((variable) => secretEnv(variable)),
                ...keys,
                { name: 'SERVICE_KEY', value: `$(${serviceKeyVariable(service)})` },
                { name: 'TRUSTED_SERVICE_KEYS', value: serviceNames.map((peer) => `${peer}=$(${serviceKeyVariable(peer)})`).join(',') },
                ...databaseEnv(service),
              ],
              // /readyz answers 503 while the database is unreachable or the process is shutting down, so no request is
              // sent to it then; /healthz only says the process answers, so a database outage restarts nothing.
              readinessProbe: { httpGet: { path: '/readyz', port: 'http' }, periodSeconds: 5, timeoutSeconds: 3, failureThreshold: 2 },
              livenessProbe: { httpGet: { path: '/healthz', port: 'http' }, periodSeconds: 10, timeoutSeconds: 5, failureThreshold: 3 },
              startupProbe: { httpGet: { path: '/healthz', port: 'http' }, periodSeconds: 2, timeoutSeconds: 5, failureThreshold: 30 },
              resources: { requests: { cpu: '100m', memory: '160Mi' }, limits: { cpu: '1', memory: '512Mi' } },
              securityContext: containerSecurity,
              volumeMounts: [tmpMount],
            },
          ],
          volumes: [tmpVolume],
        },
      },
    },
  };
}

function serviceService(service: ServiceName): IService {
  return {
    apiVersion: 'v1',
    kind: 'Service',
    // Named as in compose, so nginx's upstreams (`booking:3000`) and PEER_URLS resolve unchanged.
    metadata: { name: service, labels: labels(service, 'service') },
    spec: { selector: { 'app.kubernetes.io/name': service }, ports: [{ name: 'http', port: servicePort, targetPort: 'http' }] },
  };
}

/**
 * compose's `<service>-migrate`: the service's image with `node dist/server.mjs migrate`, reading only DATABASE_URL.
 * Replicas refuse to start on a schema that is behind, so they restart until it has run. It retries while the
 * database is still starting, and removes itself an hour after it finished, so the next `kubectl apply -k` (a new
 * image) creates it again rather than failing on a Job's unchangeable template.
 */
function migrateJob(service: ServiceName): IJob {
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: `${service}-migrate`, labels: labels(service, 'migrate') },
    spec: {
      backoffLimit: 10,
      ttlSecondsAfterFinished: 3600,
      template: {
        metadata: { labels: labels(service, 'migrate') },
        spec: {
          restartPolicy: 'OnFailure',
          automountServiceAccountToken: false,
          securityContext: podSecurity,
          containers: [
            {
              name: 'migrate',
              image: imageName(service),
              command: ['node', 'dist/server.mjs', 'migrate'],
              env: [{ name: 'NODE_ENV', value: 'production' }, ...databaseEnv(service)],
              resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { cpu: '1', memory: '512Mi' } },
              securityContext: containerSecurity,
              volumeMounts: [tmpMount],
            },
          ],
          volumes: [tmpVolume],
        },
      },
    },
  };
}

/** A table path as an HTTPRoute match. Gateway API prefixes match whole path segments and ignore a trailing slash. */
export function pathMatch(route: RouteOwnership): IHTTPRouteMatch {
  if (!route.prefix) return { path: { type: 'Exact', value: route.path } };
  return { path: { type: 'PathPrefix', value: route.path.length > 1 ? route.path.replace(/\/$/, '') : route.path } };
}

const backend = (name: string, port: number) => ({ name, port });

/**
 * One HTTPRoute per app host: the table's paths go straight to their service (the WebSocket in a rule of its own with
 * the long timeouts), everything else to nginx, which serves the app and answers unknown /api paths with its JSON 404.
 */
function httpRoute(app: AppName): IHTTPRoute {
  const rules: NonNullable<IHTTPRoute['spec']['rules']> = [];
  for (const service of serviceNames) {
    const routes = routeOwnership.filter((route) => route.service === service);
    const seen = new Set<string>();
    const matches = routes
      .filter((route) => !route.websocket)
      .map(pathMatch)
      .filter((match) => !seen.has(JSON.stringify(match)) && Boolean(seen.add(JSON.stringify(match))));
    if (matches.length > 0) {
      rules.push({ matches, backendRefs: [backend(service, servicePort)], timeouts: { request: requestTimeout, backendRequest: requestTimeout } });
    }
    for (const route of routes.filter((route) => route.websocket)) {
      rules.push({ matches: [pathMatch(route)], backendRefs: [backend(service, servicePort)], timeouts: { request: websocketTimeout, backendRequest: websocketTimeout } });
    }
  }
  rules.push({ matches: [{ path: { type: 'PathPrefix', value: '/' } }], backendRefs: [backend('gateway', gatewayPort)], timeouts: { request: requestTimeout } });
  return {
    apiVersion: 'gateway.networking.k8s.io/v1',
    kind: 'HTTPRoute',
    metadata: { name: app, labels: labels(app, 'route') },
    spec: { parentRefs: [{ name: gatewayName }], hostnames: [defaultAppHosts[app]], rules },
  };
}

const header = (what: string) =>
  `# Generated by \`pnpm --filter @repo/gateway render:kubernetes\` from ${what}; do not edit (a test compares it with a fresh render).\n`;

const documents = (objects: object[]) => objects.map((object) => stringify(object, { lineWidth: 0 })).join('---\n');

export function renderHttpRoutes(): string {
  return header('the route table (packages/contracts/src/routes.ts)') + documents(appNames.map(httpRoute));
}

export function renderServiceWorkloads(): string {
  return header('infra/gateway/src/kubernetes-manifests.ts') + documents(serviceNames.flatMap((service) => [serviceDeployment(service), serviceService(service), migrateJob(service)]));
}

/** Where each generated file lives, relative to infra/kubernetes/base. */
export const generatedManifests = { 'generated/http-routes.yaml': renderHttpRoutes, 'generated/services.yaml': renderServiceWorkloads } as const;
