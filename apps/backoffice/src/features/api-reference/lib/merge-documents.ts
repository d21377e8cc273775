import { serviceForPath, type ServiceName } from '@repo/contracts';

/** The parts of an OpenAPI 3.1 document the merge reads; everything else is carried over as it is. */
export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description?: string; [key: string]: unknown };
  servers?: { url: string; description?: string }[];
  paths?: Record<string, Record<string, unknown>>;
  tags?: { name: string; description?: string; [key: string]: unknown }[];
  components?: Record<string, Record<string, unknown> | undefined>;
  [key: string]: unknown;
};

export type ServiceDocument = { service: ServiceName; document: OpenApiDocument };

export type MergeResult = {
  document: OpenApiDocument;
  /** Components two services define differently under one name: the later one is kept as `<service>.<name>`. */
  renamed: { service: ServiceName; from: string; to: string }[];
};

const isEqual = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A copy of `value` with every `$ref` named in `refs` pointing at its new name. */
function rewriteRefs<T>(value: T, refs: ReadonlyMap<string, string>): T {
  if (refs.size === 0 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, refs)) as T;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, key === '$ref' && typeof item === 'string' ? (refs.get(item) ?? item) : rewriteRefs(item, refs)]),
  ) as T;
}

/**
 * One document from the services' documents, for integrators. Each service keeps only the paths the gateway sends to
 * it (so its /healthz, /readyz and anything internal are left out, and no path can be claimed twice); components with
 * one name and one definition (ApiError, the security schemes) appear once; tags are joined by name.
 */
export function mergeServiceDocuments(parts: readonly ServiceDocument[], top: Pick<OpenApiDocument, 'info' | 'servers'>): MergeResult {
  const paths: Record<string, Record<string, unknown>> = {};
  const components: Record<string, Record<string, unknown>> = {};
  const tags = new Map<string, NonNullable<OpenApiDocument['tags']>[number]>();
  const renamed: MergeResult['renamed'] = [];

  for (const { service, document } of parts) {
    // Name clashes first: a component defined differently by an earlier service is renamed in this one's references.
    const refs = new Map<string, string>();
    for (const [section, entries] of Object.entries(document.components ?? {})) {
      for (const [name, definition] of Object.entries(entries ?? {})) {
        const existing = components[section]?.[name];
        if (existing === undefined || isEqual(existing, definition)) continue;
        const to = `${service}.${name}`;
        refs.set(`#/components/${section}/${name}`, `#/components/${section}/${to}`);
        renamed.push({ service, from: name, to });
      }
    }
    for (const [section, entries] of Object.entries(document.components ?? {})) {
      const merged = (components[section] ??= {});
      for (const [name, definition] of Object.entries(entries ?? {})) {
        merged[refs.get(`#/components/${section}/${name}`)?.split('/').pop() ?? name] = rewriteRefs(definition, refs);
      }
    }
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      if (serviceForPath(path) === service) paths[path] = rewriteRefs(item, refs);
    }
    for (const tag of document.tags ?? []) {
      const known = tags.get(tag.name);
      if (!known || (!known.description && tag.description)) tags.set(tag.name, tag);
    }
  }

  return {
    document: {
      openapi: '3.1.0',
      ...top,
      ...(tags.size > 0 ? { tags: [...tags.values()] } : {}),
      paths,
      components,
    },
    renamed,
  };
}
