/**
 * Jobber's GraphQL schema, from its published introspection (fixtures/jobber/schema.json, see the README there), and
 * the checks the tests hold queries and answers to with the `graphql` package.
 */
import { readFileSync } from 'node:fs';
import {
  buildClientSchema,
  execute,
  Kind,
  parse,
  validate,
  type GraphQLSchema,
  type GraphQLTypeResolver,
  type IntrospectionQuery,
} from 'graphql';

export function loadJobberSchema(): GraphQLSchema {
  const dump = JSON.parse(readFileSync(new URL('../fixtures/jobber/schema.json', import.meta.url), 'utf8')) as { data: IntrospectionQuery };
  return buildClientSchema(dump.data);
}

/** What Jobber's schema says is wrong with a query document (unknown fields, wrong argument or variable types…). */
export function queryProblems(schema: GraphQLSchema, query: string): string[] {
  return validate(schema, parse(query)).map((error) => error.message);
}

type Answer = Record<string, unknown>;

/**
 * Which object type an answer object of an abstract type (a union such as CustomFieldUnion) is: its __typename when
 * the query asked for it; else a possible type that has every field the object carries (the one a fragment names first), and for an object
 * that carries none (no inline fragment matched) one the query's fragments do not name.
 */
const typeOfAnswer: GraphQLTypeResolver<unknown, unknown> = (value, _context, info, abstractType) => {
  const object = value as Answer;
  if (typeof object.__typename === 'string') return object.__typename;
  const possible = info.schema.getPossibleTypes(abstractType);
  const keys = Object.keys(object);
  const named = new Set(
    info.fieldNodes.flatMap((node) => node.selectionSet?.selections ?? []).flatMap((selection) => (selection.kind === Kind.INLINE_FRAGMENT && selection.typeCondition ? [selection.typeCondition.name.value] : [])),
  );
  const fitting = possible.filter((type) => keys.every((key) => key in type.getFields()) && (keys.length > 0 || !named.has(type.name)));
  // Several types may have the fields (label and valueText): the one the query's fragment names is what gave them.
  return (fitting.find((type) => named.has(type.name)) ?? fitting[0])?.name;
};

/**
 * Runs `query` over Jobber's schema with every field resolved from `data` (the answer's value under the field's alias):
 * the problems are the schema's refusals (a null where the type is non-null, a string where it is Int, an unknown enum
 * value) and every difference between what the query asks for and what the answer holds (a field missing or extra).
 */
export function answerProblems(schema: GraphQLSchema, query: string, variables: Record<string, unknown>, data: unknown): string[] {
  const document = parse(query);
  const result = execute({
    schema,
    document,
    rootValue: data,
    variableValues: variables,
    fieldResolver: (source, _args, _context, info) => (source as Answer | null)?.[info.path.key as string],
    typeResolver: typeOfAnswer,
  }) as { data?: unknown; errors?: readonly { message: string; path?: readonly (string | number)[] }[] };
  const problems = (result.errors ?? []).map((error) => `${error.path?.join('.') ?? ''}: ${error.message}`);
  const differences = differencesOf(result.data, data, '');
  return [...problems, ...differences];
}

function differencesOf(expected: unknown, actual: unknown, path: string): string[] {
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (expected.length !== actual.length) return [`${path}: ${actual.length} items where the query gives ${expected.length}`];
    return expected.flatMap((item, index) => differencesOf(item, actual[index], `${path}.${index}`));
  }
  if (expected && actual && typeof expected === 'object' && typeof actual === 'object') {
    const keys = new Set([...Object.keys(expected), ...Object.keys(actual)]);
    return [...keys].flatMap((key) => {
      if (!(key in actual)) return [`${path}.${key}: asked for but missing`];
      if (!(key in expected)) return [`${path}.${key}: not asked for`];
      return differencesOf((expected as Answer)[key], (actual as Answer)[key], `${path}.${key}`);
    });
  }
  return Object.is(expected, actual) ? [] : [`${path}: ${JSON.stringify(actual)} where the schema gives ${JSON.stringify(expected)}`];
}

