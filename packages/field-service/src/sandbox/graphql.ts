/**
 * Just enough GraphQL for the Jobber sandbox: parses executable documents (operations, variables, fields with aliases
 * and arguments, inline fragments; no named fragments or directives), prices them the way Jobber documents its query
 * cost, and runs them over plain objects whose fields are values or functions of their arguments.
 */

export type Value = null | boolean | number | string | Value[] | { [name: string]: Value } | { variable: string };

export type Selection =
  | { kind: 'field'; alias: string; name: string; args: Record<string, Value>; selections: Selection[] | null }
  | { kind: 'fragment'; on: string; selections: Selection[] };

export type Operation = { name: string | null; variables: Record<string, { type: string; defaultValue?: Value }>; selections: Selection[] };

export class GraphQLSyntaxError extends Error {}

type Token = { kind: 'punct' | 'name' | 'string' | 'number'; value: string };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  while (at < source.length) {
    const char = source[at]!;
    if (/[\s,\ufeff]/.test(char)) {
      at++;
    } else if (char === '#') {
      while (at < source.length && source[at] !== '\n') at++;
    } else if (source.startsWith('...', at)) {
      tokens.push({ kind: 'punct', value: '...' });
      at += 3;
    } else if ('{}()[]:!$=@'.includes(char)) {
      tokens.push({ kind: 'punct', value: char });
      at++;
    } else if (char === '"') {
      let value = '';
      at++;
      while (at < source.length && source[at] !== '"') {
        if (source[at] === '\\') {
          const next = source[at + 1];
          value += next === 'n' ? '\n' : next === 't' ? '\t' : (next ?? '');
          at += 2;
        } else value += source[at++];
      }
      if (source[at] !== '"') throw new GraphQLSyntaxError('Unterminated string');
      at++;
      tokens.push({ kind: 'string', value });
    } else if (/[-\d]/.test(char)) {
      const match = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(source.slice(at));
      if (!match) throw new GraphQLSyntaxError(`Unexpected character "${char}"`);
      tokens.push({ kind: 'number', value: match[0] });
      at += match[0].length;
    } else if (/[A-Za-z_]/.test(char)) {
      const match = /^[A-Za-z_]\w*/.exec(source.slice(at))!;
      tokens.push({ kind: 'name', value: match[0] });
      at += match[0].length;
    } else throw new GraphQLSyntaxError(`Unexpected character "${char}"`);
  }
  return tokens;
}

export function parseDocument(source: string): Operation[] {
  const tokens = tokenize(source);
  let at = 0;
  const peek = () => tokens[at];
  const next = () => {
    const token = tokens[at++];
    if (!token) throw new GraphQLSyntaxError('Unexpected end of document');
    return token;
  };
  const expect = (value: string) => {
    const token = next();
    if (token.value !== value) throw new GraphQLSyntaxError(`Expected "${value}", found "${token.value}"`);
  };
  const name = () => {
    const token = next();
    if (token.kind !== 'name') throw new GraphQLSyntaxError(`Expected a name, found "${token.value}"`);
    return token.value;
  };

  const value = (): Value => {
    const token = next();
    if (token.kind === 'punct' && token.value === '$') return { variable: name() };
    if (token.kind === 'string') return token.value;
    if (token.kind === 'number') return Number(token.value);
    if (token.kind === 'name') return token.value === 'true' ? true : token.value === 'false' ? false : token.value === 'null' ? null : token.value;
    if (token.value === '[') {
      const items: Value[] = [];
      while (peek()?.value !== ']') items.push(value());
      expect(']');
      return items;
    }
    if (token.value === '{') {
      const fields: Record<string, Value> = {};
      while (peek()?.value !== '}') {
        const key = name();
        expect(':');
        fields[key] = value();
      }
      expect('}');
      return fields;
    }
    throw new GraphQLSyntaxError(`Unexpected "${token.value}"`);
  };

  const type = (): string => {
    let text: string;
    if (peek()?.value === '[') {
      next();
      text = `[${type()}]`;
      expect(']');
    } else text = name();
    if (peek()?.value === '!') {
      next();
      text += '!';
    }
    return text;
  };

  const selectionSet = (): Selection[] => {
    expect('{');
    const selections: Selection[] = [];
    while (peek()?.value !== '}') {
      if (peek()?.value === '...') {
        next();
        if (peek()?.value !== 'on') throw new GraphQLSyntaxError('Named fragments are not supported by this sandbox');
        next();
        const on = name();
        selections.push({ kind: 'fragment', on, selections: selectionSet() });
        continue;
      }
      const alias = name();
      let fieldName = alias;
      if (peek()?.value === ':') {
        next();
        fieldName = name();
      }
      const args: Record<string, Value> = {};
      if (peek()?.value === '(') {
        next();
        while (peek()?.value !== ')') {
          const key = name();
          expect(':');
          args[key] = value();
        }
        expect(')');
      }
      if (peek()?.value === '@') throw new GraphQLSyntaxError('Directives are not supported by this sandbox');
      selections.push({ kind: 'field', alias, name: fieldName, args, selections: peek()?.value === '{' ? selectionSet() : null });
    }
    expect('}');
    return selections;
  };

  const operations: Operation[] = [];
  while (peek()) {
    if (peek()!.value === '{') {
      operations.push({ name: null, variables: {}, selections: selectionSet() });
      continue;
    }
    const keyword = name();
    if (keyword === 'fragment') throw new GraphQLSyntaxError('Named fragments are not supported by this sandbox');
    if (keyword !== 'query') throw new GraphQLSyntaxError(`Only queries are supported by this sandbox (found "${keyword}")`);
    const operationName = peek()?.kind === 'name' ? name() : null;
    const variables: Operation['variables'] = {};
    if (peek()?.value === '(') {
      next();
      while (peek()?.value !== ')') {
        expect('$');
        const variable = name();
        expect(':');
        const variableType = type();
        let defaultValue: Value | undefined;
        if (peek()?.value === '=') {
          next();
          defaultValue = value();
        }
        variables[variable] = { type: variableType, defaultValue };
      }
      expect(')');
    }
    operations.push({ name: operationName, variables, selections: selectionSet() });
  }
  return operations;
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
