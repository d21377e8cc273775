/**
 * ServiceTitan's OpenAPI definitions (test/fixtures/servicetitan/) as checks: which operation a request is, whether
 * its query parameters are ones that operation declares with values of their types, and whether an answer matches the
 * operation's response schema for its status (ajv).
 */
import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';
import { z } from 'zod';

const specFiles = ['tenant-crm-v2.yml', 'tenant-accounting-v2.yml', 'tenant-jpm-v2.yml', 'tenant-dispatch-v2.yml'] as const;

const parameterSchema = z.object({
  name: z.string(),
  in: z.enum(['path', 'query', 'header', 'cookie']),
  required: z.boolean().optional(),
  schema: z.object({ type: z.string().optional(), format: z.string().optional(), items: z.unknown().optional() }).loose(),
});
const responseSchema = z.object({ content: z.record(z.string(), z.object({ schema: z.record(z.string(), z.unknown()) })).optional() });
const operationSchema = z.object({ operationId: z.string(), parameters: z.array(parameterSchema).default([]), responses: z.record(z.string(), responseSchema) });
const documentSchema = z.object({
  openapi: z.string(),
  info: z.object({ title: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  components: z.object({ schemas: z.record(z.string(), z.unknown()) }),
});

type Parameter = z.infer<typeof parameterSchema>;
export type Operation = {
  file: string;
  method: string;
  template: string;
  operationId: string;
  parameters: Parameter[];
  pattern: RegExp;
  responses: Map<string, ValidateFunction>;
  /** The response schemas as the definitions write them, per status. */
  schemas: Map<string, unknown>;
};

/** OpenAPI 3.0's `nullable: true` as JSON Schema (ajv reads `nullable` only beside a `type`, and these use oneOf). */
function nullableToJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(nullableToJsonSchema);
  if (!value || typeof value !== 'object') return value;
  const { nullable, ...rest } = value as Record<string, unknown>;
  const converted = Object.fromEntries(Object.entries(rest).map(([key, inner]) => [key, nullableToJsonSchema(inner)]));
  return nullable === true ? { anyOf: [converted, { type: 'null' }] } : converted;
}

/** A schema taken out of its document, its `#/…` references pointed at the document. */
function withDocumentRefs(value: unknown, id: string): unknown {
  if (Array.isArray(value)) return value.map((inner) => withDocumentRefs(inner, id));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, key === '$ref' && typeof inner === 'string' && inner.startsWith('#/') ? id + inner : withDocumentRefs(inner, id)]));
}

export type ServiceTitanDefinitions = {
  operations: Operation[];
  /** The operation a request is (method and path), or undefined when the definitions have none. */
  operationOf(method: string, path: string): Operation | undefined;
  /** What is wrong with a request's query for its operation (none: []). */
  queryProblems(operation: Operation, query: Record<string, string>): string[];
  /** What is wrong with an answer for its operation and status (none: []). */
  answerProblems(operation: Operation, status: number, body: unknown): string[];
  /**
   * The optional fields of an answer (not `required` where they stand) that are present with a value ('absent': every
   * present one; 'null': every one that is not null), as paths: none means the answer has nothing optional filled in.
   */
  optionalFilled(operation: Operation, status: number, body: unknown, mode: 'null' | 'absent'): string[];
  documents: Map<string, z.infer<typeof documentSchema>>;
};

const fixtures = new URL('../fixtures/servicetitan/', import.meta.url);

export function loadServiceTitanDefinitions(): ServiceTitanDefinitions {
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  // ajv-formats is CommonJS: its default export is the function under either import style.
  const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;
  addFormats(ajv);
  ajv.addFormat('decimal', /^-?\d+(\.\d+)?$/);
  ajv.addFormat('time-span', /^-?(\d+\.)?\d{2}:\d{2}:\d{2}(\.\d+)?$/);
  ajv.addFormat('guid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);

  const operations: Operation[] = [];
  const documents = new Map<string, z.infer<typeof documentSchema>>();
  for (const file of specFiles) {
    const document = documentSchema.parse(parse(readFileSync(new URL(file, fixtures), 'utf8')));
    documents.set(file, document);
    const id = `https://definitions.test/${file}`;
    ajv.addSchema({ ...(nullableToJsonSchema(document) as object), $id: id });
    for (const [template, methods] of Object.entries(document.paths)) {
      for (const [method, raw] of Object.entries(methods)) {
        const operation = operationSchema.parse(raw);
        const responses = new Map<string, ValidateFunction>();
        const schemas = new Map<string, unknown>();
        for (const [status, response] of Object.entries(operation.responses)) {
          const json = response.content?.['application/json'];
          if (!json) continue;
          responses.set(status, ajv.compile(nullableToJsonSchema(withDocumentRefs(json.schema, id)) as object));
          schemas.set(status, json.schema);
        }
        const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '([^/]+)')}$`);
        operations.push({ file, method: method.toUpperCase(), template, operationId: operation.operationId, parameters: operation.parameters, pattern, responses, schemas });
      }
    }
  }

  const valueProblem = (parameter: Parameter, value: string): string | undefined => {
    const { type, format } = parameter.schema;
    if (type === 'integer' && !/^-?\d+$/.test(value)) return `${parameter.name}=${value} is not an integer`;
    if (type === 'number' && Number.isNaN(Number(value))) return `${parameter.name}=${value} is not a number`;
    if (type === 'boolean' && value !== 'true' && value !== 'false') return `${parameter.name}=${value} is not true or false`;
    if (format === 'date-time' && Number.isNaN(Date.parse(value))) return `${parameter.name}=${value} is not a date-time`;
    return undefined;
  };

  // A literal segment wins over a parameter (customers/contacts is not customers/{id}).
  operations.sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0));
  return {
    operations,
    documents,
    operationOf: (method, path) => operations.find((operation) => operation.method === method && operation.pattern.test(path)),
    queryProblems(operation, query) {
      const problems: string[] = [];
      for (const [name, value] of Object.entries(query)) {
        const parameter = operation.parameters.find((candidate) => candidate.in === 'query' && candidate.name === name);
        if (!parameter) problems.push(`${operation.operationId} has no query parameter ${name}`);
        else {
          const problem = valueProblem(parameter, value);
          if (problem) problems.push(`${operation.operationId}: ${problem}`);
        }
      }
      return problems;
    },
    answerProblems(operation, status, body) {
      const validate = operation.responses.get(String(status));
      if (!validate) return [`${operation.operationId} documents no JSON answer for HTTP ${status}`];
      if (validate(body)) return [];
      return (validate.errors ?? []).slice(0, 10).map((error) => `${operation.operationId} ${status}: ${error.instancePath || '(root)'} ${error.message} ${JSON.stringify(error.params)}`);
    },
    optionalFilled(operation, status, body, mode) {
      const document = documents.get(operation.file)!;
      const schemaObject = z.record(z.string(), z.unknown());
      /** A schema with its reference (or a oneOf/allOf of one, the definitions' way of describing a referenced field) followed. */
      const resolve = (schema: unknown): Record<string, unknown> => {
        const object = schemaObject.parse(schema);
        if (typeof object.$ref === 'string') return resolve(document.components.schemas[object.$ref.replace('#/components/schemas/', '')]);
        const single = [object.oneOf, object.allOf].find((list) => Array.isArray(list) && list.length === 1) as unknown[] | undefined;
        return single ? { ...resolve(single[0]), ...object, oneOf: undefined, allOf: undefined } : object;
      };
      const filled: string[] = [];
      const walk = (schema: unknown, value: unknown, at: string) => {
        if (value === null || value === undefined) return;
        const resolved = resolve(schema);
        if (Array.isArray(value)) {
          value.forEach((item, index) => walk(resolved.items, item, `${at}[${index}]`));
          return;
        }
        if (typeof value !== 'object' || !resolved.properties) return;
        const properties = schemaObject.parse(resolved.properties);
        const required = new Set(Array.isArray(resolved.required) ? resolved.required : []);
        for (const [name, inner] of Object.entries(value)) {
          if (!required.has(name) && (mode === 'absent' || inner !== null)) filled.push(`${at}.${name}`);
          if (properties[name] !== undefined) walk(properties[name], inner, `${at}.${name}`);
        }
      };
      walk(operation.schemas.get(String(status)), body, operation.operationId);
      return filled;
    },
  };
}

/** A request the connector made and the answer it got. */
export type Exchange = { method: string; url: URL; status: number; body: unknown };

/** A fetch for ConnectorOptions that records every exchange (the answer's text read from a copy). */
export function recordingFetch(exchanges: Exchange[]): typeof fetch {
  return async (input, init) => {
    const response = await fetch(input, init);
    const url = new URL(input instanceof Request ? input.url : String(input));
    const text = await response.clone().text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    exchanges.push({ method: init?.method ?? 'GET', url, status: response.status, body });
    return response;
  };
}
