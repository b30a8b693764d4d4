// Named schemas: the resources, the envelopes' parts and the error bodies that the OpenAPI document lists under
// `components.schemas`, each answered by reference (`$ref`) rather than repeated in every operation, so that a
// client generator makes one `Product` type instead of one per operation.
//
// A schema is named right after its definition, at the top of its module: `nameSchema(ProductResponse,
// 'Product', example)` gives it its `$id` and an example, so every named schema is known once the modules are
// imported. `buildApp` registers them all with Fastify (`addSchema`) before any route, and replaces each named
// schema that a route's responses contain with a `$ref` to it (`byReference`): @fastify/swagger lists the
// registered schemas as components named by their `$id`. A route still declares the schema itself, so its handler
// stays typed by it, and its serializer is compiled from that declared schema (`forSerialization`): given the
// registered schemas instead, fast-json-stringify copies every one of them into each route's serializer, which
// made the app take seconds longer to start.
//
// Only answers are named. Request bodies, queries and path parameters are validated by Ajv instances shared by
// every route, which hold one schema per `$id`: they keep their schemas inline (with an example of their own,
// `withExample`).
import type { Static, TSchema } from 'typebox';

const registry = new Map<string, TSchema>();
/** Recursive schemas (`{ $defs, $ref }`) by name: their definition's `$id` is TypeBox's own, which its `$ref`s name. */
const cyclicSchemas = new Map<string, object>();

/** Keywords whose value is data (an example, a default), never a schema to look into. */
const DATA_KEYWORDS = new Set(['examples', 'example', 'default', 'enum', 'const']);
/** Keywords whose value maps names (of properties, of definitions) to schemas. */
const MAP_KEYWORDS = new Set(['properties', 'patternProperties', '$defs', 'definitions']);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * Names a response schema: sets its `$id` (the component's name) and its example, on the schema itself, so that
 * every route answering it refers to the same component. The example is typed by the schema.
 */
export function nameSchema<T extends TSchema>(schema: T, name: string, example: Static<T>): void {
  if (!/^[A-Z][A-Za-z0-9]*$/.test(name)) throw new Error(`A schema name is PascalCase: ${name}`);
  // A recursive schema (TypeBox `Type.Cyclic`) is named by its definition that the `$ref` points to.
  const cyclic = cyclicTarget(schema);
  if (cyclic) cyclicSchemas.set(name, schema);
  const target = cyclic ?? schema;
  const taken = registry.get(name);
  if (taken !== undefined && taken !== target) throw new Error(`Two schemas are named ${name}.`);
  Object.assign(target, { $id: name, examples: [example] });
  registry.set(name, target as TSchema);
}

/** The definition a `Type.Cyclic` schema (`{ $defs, $ref }`) stands for, else undefined. */
function cyclicTarget(schema: object): Record<string, unknown> | undefined {
  const { $defs, $ref } = schema as { $defs?: unknown; $ref?: unknown };
  if (!isObject($defs) || typeof $ref !== 'string') return undefined;
  const target = $defs[$ref];
  return isObject(target) ? target : undefined;
}

/** Sets the example of a request body (or of any schema that stays inline), typed by the schema. */
export function withExample<T extends TSchema>(schema: T, example: Static<T>): T {
  Object.assign(schema, { examples: [example] });
  return schema;
}

/** The name of a named schema, else undefined. */
function nameOf(schema: Record<string, unknown>): string | undefined {
  const id = schema.$id;
  return typeof id === 'string' && registry.get(id) !== undefined ? id : undefined;
}

/**
 * A copy of `schema` in which every named schema is a `$ref` to it. The top schema itself is replaced too unless
 * `keepTop` (a named schema being registered keeps its own body); a replaced top keeps its `description`, which
 * @fastify/swagger reads as the response's description.
 */
export function byReference(schema: unknown, options: { keepTop?: boolean } = {}): unknown {
  const visit = (node: unknown, top: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item) => visit(item, false));
    if (!isObject(node)) return node;
    const target = cyclicTarget(node);
    const name = top && options.keepTop ? undefined : nameOf(target ?? node);
    if (name !== undefined) {
      return top && typeof node.description === 'string'
        ? { $ref: name, description: node.description }
        : { $ref: name };
    }
    const copy: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (DATA_KEYWORDS.has(key) || !isObject(value)) copy[key] = value;
      else if (MAP_KEYWORDS.has(key) && !Array.isArray(value))
        copy[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, visit(v, false)]));
      else copy[key] = visit(value, false);
    }
    return copy;
  };
  return visit(schema, true);
}

/**
 * The schema to compile a route's serializer from: its answer with every reference to a named schema written out
 * in full, without the `$id` of a named schema (an answer may hold one twice, which an `$id` may not be). A
 * recursive schema is written out whole, its definition keeping the `$id` that its own `$ref`s name.
 */
export function forSerialization(schema: unknown): unknown {
  const visit = (node: unknown, inCyclic: boolean): unknown => {
    if (Array.isArray(node)) return node.map((item) => visit(item, inCyclic));
    if (!isObject(node)) return node;
    const { $ref, ...rest } = node;
    if (typeof $ref === 'string' && !inCyclic) {
      const cyclic = cyclicSchemas.get($ref);
      if (cyclic) return { ...rest, ...(visit(cyclic, true) as object) };
      const target = registry.get($ref);
      if (target) return visit({ ...rest, ...target }, false);
    }
    const named = !inCyclic && nameOf(node) !== undefined;
    const copy: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      if (named && (key === '$id' || key === 'examples')) continue;
      copy[key] = DATA_KEYWORDS.has(key) ? value : visit(value, inCyclic);
    }
    return copy;
  };
  return visit(schema, false);
}

/** Every named schema, by name, each with the named schemas it contains as references. */
export function namedSchemas(): TSchema[] {
  return [...registry.keys()].sort().map((name) => byReference(registry.get(name), { keepTop: true }) as TSchema);
}

/** True when the schema (a body, a query, path parameters) contains a named schema, which it must not. */
export function containsNamedSchema(schema: unknown): boolean {
  return JSON.stringify(byReference(schema)) !== JSON.stringify(schema);
}
