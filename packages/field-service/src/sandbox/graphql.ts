/**
 * GraphQL for the Jobber sandbox: documents are parsed by the `graphql` package (operations, variables, aliases,
 * arguments, inline and named fragments; no directives), priced the way Jobber documents its query cost, and run over
 * plain objects whose fields are values or functions of their arguments. Whether a query fits Jobber's schema is
 * checked in the tests against Jobber's published introspection (test/fixtures/jobber).
 */
import { GraphQLError, Kind, parse, print, type DocumentNode, type FragmentDefinitionNode, type SelectionSetNode, type ValueNode } from 'graphql';

export type Value = null | boolean | number | string | Value[] | { [name: string]: Value } | { variable: string };

export type Selection =
  | { kind: 'field'; alias: string; name: string; args: Record<string, Value>; selections: Selection[] | null }
  | { kind: 'fragment'; on: string; selections: Selection[] };

export type Operation = { name: string | null; variables: Record<string, { type: string; defaultValue?: Value }>; selections: Selection[] };

export class GraphQLSyntaxError extends Error {}

/** An argument's literal as a plain value (a variable stays a reference, resolved when the operation runs). */
function literal(node: ValueNode): Value {
  switch (node.kind) {
    case Kind.VARIABLE:
      return { variable: node.name.value };
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.STRING:
    case Kind.ENUM:
      return node.value;
    case Kind.BOOLEAN:
      return node.value;
    case Kind.NULL:
      return null;
    case Kind.LIST:
      return node.values.map(literal);
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((field) => [field.name.value, literal(field.value)]));
  }
}

/**
 * The operations of a GraphQL document, read by the `graphql` package's parser (its syntax errors become
 * GraphQLSyntaxError with its message). Named fragments are inlined where they are spread; only queries run here.
 */
export function parseDocument(source: string): Operation[] {
  let document: DocumentNode;
  try {
    document = parse(source, { noLocation: true });
  } catch (err) {
    if (err instanceof GraphQLError) throw new GraphQLSyntaxError(err.message);
    throw err;
  }
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    else if (definition.kind !== Kind.OPERATION_DEFINITION) throw new GraphQLSyntaxError('Only executable documents are supported by this sandbox');
  }
  const selectionsOf = (set: SelectionSetNode, seen: ReadonlySet<string>): Selection[] =>
    set.selections.map((node): Selection => {
      if (node.directives?.length) throw new GraphQLSyntaxError('Directives are not supported by this sandbox');
      if (node.kind === Kind.FIELD) {
        return {
          kind: 'field',
          alias: node.alias?.value ?? node.name.value,
          name: node.name.value,
          args: Object.fromEntries((node.arguments ?? []).map((argument) => [argument.name.value, literal(argument.value)])),
          selections: node.selectionSet ? selectionsOf(node.selectionSet, seen) : null,
        };
      }
      if (node.kind === Kind.INLINE_FRAGMENT) {
        return { kind: 'fragment', on: node.typeCondition?.name.value ?? '', selections: selectionsOf(node.selectionSet, seen) };
      }
      const fragment = fragments.get(node.name.value);
      if (!fragment) throw new GraphQLSyntaxError(`Unknown fragment "${node.name.value}"`);
      if (seen.has(fragment.name.value)) throw new GraphQLSyntaxError(`Cannot spread fragment "${fragment.name.value}" within itself`);
      return { kind: 'fragment', on: fragment.typeCondition.name.value, selections: selectionsOf(fragment.selectionSet, new Set([...seen, fragment.name.value])) };
    });
  return document.definitions.flatMap((definition) => {
    if (definition.kind !== Kind.OPERATION_DEFINITION) return [];
    if (definition.operation !== 'query') throw new GraphQLSyntaxError(`Only queries are supported by this sandbox (found "${definition.operation}")`);
    const variables: Operation['variables'] = Object.fromEntries(
      (definition.variableDefinitions ?? []).map((variable) => [
        variable.variable.name.value,
        { type: print(variable.type), defaultValue: variable.defaultValue ? literal(variable.defaultValue) : undefined },
      ]),
    );
    return [{ name: definition.name?.value ?? null, variables, selections: selectionsOf(definition.selectionSet, new Set()) }];
  });
}

/** An argument with its variables replaced by their values. */
export function resolveValue(value: Value, variables: Record<string, unknown>): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => resolveValue(item, variables));
  if ('variable' in value && Object.keys(value).length === 1) return variables[value.variable as string] ?? null;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, resolveValue(item as Value, variables)]));
}

const connectionInner = new Set(['nodes', 'edges', 'node']);

/**
 * Jobber's documented query cost: every field costs 1, `nodes`/`edges`/`node` cost 0, and a connection (a field with
 * nodes or edges) costs `first` (or `last`; 100 when neither is given) times what one of its nodes requests, plus its
 * other fields (pageInfo, totalCount) once.
 */
export function queryCost(selections: Selection[], variables: Record<string, unknown>): number {
  let cost = 0;
  for (const selection of selections) {
    if (selection.kind === 'fragment') {
      cost += queryCost(selection.selections, variables);
      continue;
    }
    if (!selection.selections) {
      cost += 1;
      continue;
    }
    const inner = selection.selections.filter((child) => child.kind === 'field' && connectionInner.has(child.name));
    if (inner.length && !connectionInner.has(selection.name)) {
      const first = Number(resolveValue(selection.args.first ?? selection.args.last ?? 100, variables)) || 100;
      const rest = selection.selections.filter((child) => !inner.includes(child));
      cost += first * Math.max(...inner.map((child) => queryCost((child as { selections: Selection[] | null }).selections ?? [], variables))) + queryCost(rest, variables);
    } else if (connectionInner.has(selection.name)) {
      cost += queryCost(selection.selections, variables);
    } else {
      cost += 1 + queryCost(selection.selections, variables);
    }
  }
  return cost;
}

export class GraphQLFieldError extends Error {
  constructor(
    message: string,
    readonly path: (string | number)[],
  ) {
    super(message);
  }
}

/** A resolved object: its type name and fields (values or functions of the field's arguments). */
export type GraphObject = { __typename: string; [field: string]: unknown };

/** Runs a selection set over `source`, failing like a GraphQL server on a field the type does not have. */
export function execute(selections: Selection[], source: GraphObject, variables: Record<string, unknown>, path: (string | number)[] = []): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const selection of selections) {
    if (selection.kind === 'fragment') {
      if (selection.on === source.__typename) Object.assign(result, execute(selection.selections, source, variables, path));
      continue;
    }
    if (selection.name === '__typename') {
      result[selection.alias] = source.__typename;
      continue;
    }
    if (!(selection.name in source)) throw new GraphQLFieldError(`Field '${selection.name}' doesn't exist on type '${source.__typename}'`, [...path, selection.alias]);
    const field = source[selection.name];
    const args = Object.fromEntries(Object.entries(selection.args).map(([key, value]) => [key, resolveValue(value, variables)]));
    const value = typeof field === 'function' ? (field as (args: Record<string, unknown>) => unknown)(args) : field;
    result[selection.alias] = shape(value, selection.selections, variables, [...path, selection.alias]);
  }
  return result;
}

function shape(value: unknown, selections: Selection[] | null, variables: Record<string, unknown>, path: (string | number)[]): unknown {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.map((item, index) => shape(item, selections, variables, [...path, index]));
  if (!selections) {
    if (typeof value === 'object') throw new GraphQLFieldError(`Field '${String(path.at(-1))}' of an object type must have a selection of subfields`, path);
    return value;
  }
  if (typeof value !== 'object') throw new GraphQLFieldError(`Field '${String(path.at(-1))}' must not have a selection since it has no subfields`, path);
  return execute(selections, value as GraphObject, variables, path);
}
