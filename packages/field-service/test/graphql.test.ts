import { describe, expect, it } from 'vitest';
import { execute, GraphQLFieldError, GraphQLSyntaxError, parseDocument, queryCost } from '../src/sandbox/graphql.ts';

const costOf = (query: string, variables: Record<string, unknown> = {}) => queryCost(parseDocument(query)[0]!.selections, variables);

describe("the Jobber sandbox's GraphQL", () => {
  it('prices queries as Jobber documents it', () => {
    // The examples of Jobber's "API Rate Limits" page.
    expect(costOf('query { quote(id: "MTc1") { id cost title client { id firstName } } }')).toBe(7);
    expect(costOf('query { quotes(first: 10) { edges { node { id cost quoteNumber quoteStatus title } } } }')).toBe(50);
    expect(costOf('query { quotes { edges { node { id cost quoteNumber quoteStatus title } } } }')).toBe(500);
    expect(costOf('query Q($n: Int) { quotes(first: $n) { nodes { id } pageInfo { hasNextPage } } }', { n: 20 })).toBe(20 + 2);
  });

  it('runs selections with aliases, arguments, variables and inline fragments', () => {
    const [operation] = parseDocument(`query Find($id: ID!) {
      who: person(id: $id) { name ... on Person { age } ... on Robot { model } }
    }`);
    const root = { __typename: 'Query', person: (args: Record<string, unknown>) => ({ __typename: 'Person', name: `P${String(args.id)}`, age: 40, model: 'x' }) };
    expect(execute(operation!.selections, root, { id: 7 })).toEqual({ who: { name: 'P7', age: 40 } });
  });

  it('reads documents with the graphql package: named fragments are inlined, directives refused', () => {
    const [operation] = parseDocument(`query Q { person(id: 1) { ...Parts } } fragment Parts on Person { name age }`);
    const root = { __typename: 'Query', person: () => ({ __typename: 'Person', name: 'P', age: 40 }) };
    expect(execute(operation!.selections, root, {})).toEqual({ person: { name: 'P', age: 40 } });
    expect(() => parseDocument('query { person @include(if: true) { name } }')).toThrow('Directives are not supported by this sandbox');
    expect(() => parseDocument('query { a(')).toThrow('Syntax Error: Expected Name, found <EOF>.');
  });

  it('refuses unknown fields and documents it cannot read', () => {
    const [operation] = parseDocument('{ nothing }');
    expect(() => execute(operation!.selections, { __typename: 'Query' }, {})).toThrow(new GraphQLFieldError("Field 'nothing' doesn't exist on type 'Query'", ['nothing']));
    expect(() => parseDocument('query { a(')).toThrow(GraphQLSyntaxError);
    expect(() => parseDocument('mutation { a }')).toThrow(GraphQLSyntaxError);
  });
});
