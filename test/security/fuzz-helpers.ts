// Shared pieces of the fuzz suites: every route and its schemas read from the OpenAPI document, values
// made from a schema (a valid one, and one-field mutations of it), junk payloads sent as raw JSON text (so
// `__proto__` reaches the parser as a real key), a cheap database fingerprint, and the checks that every
// refused request must pass.
import fc from 'fast-check';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../../src/db/database.js';
import { newId } from '../../src/lib/ids.js';
import { documentForm } from '../documents/document-helpers.js';
import { pdfBytes } from '../helpers/document-fixtures.js';
import { makeProduct } from '../helpers/factories.js';
import { insertOrder } from '../helpers/sales-fixtures.js';
import { signedInClient, type SessionClient } from '../helpers/session-client.js';
import { jsonCaller, type HttpMethod, type TestApp } from '../helpers/test-app.js';

/** The subset of JSON Schema that the route schemas use. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  pattern?: string;
  format?: unknown;
  additionalProperties?: boolean | JsonSchema;
}

export interface QueryParam {
  name: string;
  schema: JsonSchema;
}

export interface RouteSpec {
  method: HttpMethod;
  /** OpenAPI path: `/api/v1/operations/products/{id}`. */
  path: string;
  body?: JsonSchema;
  query: QueryParam[];
  pathParams: string[];
}

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string; schema: JsonSchema }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** Every operation of the document, with its JSON body schema (multipart bodies are left out) and parameters. */
export function readRoutes(doc: OpenApiDocument): RouteSpec[] {
  const routes: RouteSpec[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const parameters = operation.parameters ?? [];
      routes.push({
        method: method.toUpperCase() as HttpMethod,
        path,
        body: operation.requestBody?.content['application/json']?.schema,
        query: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
      });
    }
  }
  return routes;
}

export const routeName = (route: Pick<RouteSpec, 'method' | 'path'>) => `${route.method} ${route.path}`;

/** Fills `{param}` placeholders; a parameter without a fixture gets a random ULID (a record that does not exist). */
export function fillPath(path: string, ids: Record<string, string | undefined>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? newId());
}

// ---------------------------------------------------------------------------------------------------
// JSON text with tokens JSON.stringify cannot write (1e309, -0, integers beyond 2^53, duplicate keys).

/** A piece of JSON text inserted verbatim. */
export class RawJson {
  constructor(readonly text: string) {}
}

function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : toJsonText(v))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${toJsonText(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Adds `"key": value` as the first member of an object's JSON text. */
function withLeadingMember(objectText: string, key: string, valueText: string): string {
  const rest = objectText.slice(1).trimStart();
  return `{${JSON.stringify(key)}:${valueText}${rest.startsWith('}') ? '' : ','}${rest}`;
}

// ---------------------------------------------------------------------------------------------------
// Valid values from a schema.

let uniqueSequence = 0;
/** Lowercase letters only: fits every text pattern the schemas use, and keeps unique columns unique. */
const uniqueWord = () => {
  let n = ++uniqueSequence;
  let word = '';
  do {
    word = String.fromCharCode(97 + (n % 26)) + word;
    n = Math.floor(n / 26);
  } while (n > 0);
  return `fz${word}`;
};

const PATTERN_SAMPLES: Record<string, () => string> = {
  '^[0-9a-hjkmnp-tv-z]{26}$': () => newId(),
  '^[0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{26}$': () => newId(),
  '^#[0-9A-Fa-f]{6}$': () => '#3366cc',
  '^[A-Z]{3}$': () => 'USD',
};

const FORMAT_SAMPLES: Record<string, () => string> = {
  date: () => '2026-06-15',
  'date-time': () => '2026-06-15T10:00:00.000Z',
  email: () => `${uniqueWord()}@example.test`,
  'http-url': () => `https://hooks.example.com/${uniqueWord()}`,
  'http-url-or-path': () => `/media/${uniqueWord()}.png`,
};

/** The schema without its `null` alternative. */
function nonNull(schema: JsonSchema): JsonSchema {
  const options = (schema.anyOf ?? []).filter((s) => s.type !== 'null');
  return options.length > 0 ? options[0]! : schema;
}

function typeOf(schema: JsonSchema): string | undefined {
  if (schema.enum || schema.const !== undefined) return undefined;
  return Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
}

function validString(schema: JsonSchema, fixtures: Record<string, string>, key: string): string {
  const byName = fixtures[key];
  if (byName !== undefined) return byName;
  const sample =
    (schema.pattern && PATTERN_SAMPLES[schema.pattern]) ||
    (typeof schema.format === 'string' && FORMAT_SAMPLES[schema.format]);
  let text = sample ? sample() : uniqueWord();
  if (schema.minLength && text.length < schema.minLength) text = text.padEnd(schema.minLength, 'x');
  if (schema.maxLength !== undefined && text.length > schema.maxLength)
    text = text.slice(text.length - schema.maxLength);
  return text;
}

function validNumber(schema: JsonSchema, integer: boolean): number {
  const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 1);
  const high =
    schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : Number.MAX_SAFE_INTEGER);
  const value = Math.min(Math.max(low, 1), high);
  return integer ? Math.ceil(value) : value;
}

/**
 * A value that the schema accepts: required members only, fixture ids for fields named in `fixtures`
 * (`supplier_id` -> a real supplier) and fresh words for text, so unique columns do not collide.
 */
export function validExample(schema: JsonSchema, fixtures: Record<string, string> = {}, key = ''): unknown {
  if (schema.anyOf) return validExample(nonNull(schema), fixtures, key);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  switch (typeOf(schema)) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const name of schema.required ?? [])
        value[name] = validExample(schema.properties?.[name] ?? {}, fixtures, name);
      return value;
    }
    case 'array': {
      const item = schema.items ?? {};
      return Array.from({ length: schema.minItems ?? 0 }, () => validExample(item, fixtures, key));
    }
    case 'string':
      return validString(schema, fixtures, key);
    case 'integer':
      return validNumber(schema, true);
    case 'number':
      return validNumber(schema, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      return 'x';
  }
}

// ---------------------------------------------------------------------------------------------------
// Mutations: a valid body with one field replaced by a wrong or edge value.

export interface Mutation {
  /** `items.0.quantity: maxLength+1`, for the failure report. */
  label: string;
  value: unknown;
}

const REMOVED = Symbol('removed');

const LONG_UNICODE = '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ✓ Ω Ж 漢字 🙂'.repeat(600);
const ODD_STRINGS: Array<[string, string]> = [
  ['null byte', 'a\u0000b'],
  ['only a null byte', '\u0000'],
  ['lone surrogate', 'x\ud800y'],
  ['right-to-left override', 'abc\u202edef'],
  ['zero-width and combining', 'e\u0301\u200b\ufeff'],
  ['emoji', '🙂👍🏽👨‍👩‍👧'],
  ['very long unicode', LONG_UNICODE],
  ['SQL-looking', "x'; drop table products; --"],
  ['LIKE wildcards', '%_\\%'],
  ['whitespace only', ' \t\n '],
  ['empty', ''],
];

const WRONG_TYPES: Array<[string, unknown]> = [
  ['string', 'text'],
  ['integer', 12345],
  ['fraction', 1.5],
  ['boolean', true],
  ['array', ['a', 1]],
  ['object', { a: 1 }],
];

function accepts(type: string | undefined, sample: string): boolean {
  if (type === undefined) return false;
  if (type === 'number') return sample === 'integer' || sample === 'fraction';
  return type === sample;
}

function stringMutations(schema: JsonSchema): Mutation[] {
  const out: Mutation[] = ODD_STRINGS.map(([label, value]) => ({ label, value }));
  if (schema.maxLength !== undefined) {
    out.push({ label: `maxLength (${schema.maxLength})`, value: 'm'.repeat(schema.maxLength) });
    out.push({ label: 'maxLength+1', value: 'm'.repeat(schema.maxLength + 1) });
    out.push({ label: 'maxLength+1 astral', value: '🙂'.repeat(schema.maxLength + 1) });
  } else {
    out.push({ label: 'one megabyte less a little', value: 'm'.repeat(1_000_000) });
  }
  if (schema.minLength) out.push({ label: 'minLength-1', value: 'm'.repeat(schema.minLength - 1) });
  if (schema.pattern) {
    out.push({ label: 'uppercased ULID-ish', value: newId().toUpperCase() });
    out.push({ label: 'a ULID of nothing', value: newId() });
  }
  if (schema.format === 'date')
    out.push(
      { label: 'impossible date', value: '2026-02-30' },
      { label: 'month 13', value: '2026-13-01' },
      { label: 'year 0', value: '0000-01-01' },
    );
  if (schema.format === 'date-time')
    out.push(
      { label: 'hour 25', value: '2026-01-01T25:00:00Z' },
      { label: 'far future', value: '275760-09-13T00:00:00.001Z' },
    );
  if (schema.format === 'email') out.push({ label: 'no at sign', value: 'nobody.example.test' });
  if (schema.format === 'http-url' || schema.format === 'http-url-or-path') {
    out.push(
      { label: 'javascript link', value: 'javascript:alert(1)' },
      { label: 'tab in the scheme', value: 'java\tscript:alert(1)' },
      { label: 'protocol-relative', value: '//evil.example/a.png' },
    );
  }
  return out;
}

function numberMutations(schema: JsonSchema, integer: boolean): Mutation[] {
  const out: Mutation[] = [
    { label: '1e309 (Infinity)', value: new RawJson('1e309') },
    { label: '-1e309', value: new RawJson('-1e309') },
    { label: '-0', value: new RawJson('-0') },
    { label: '1e308', value: new RawJson('1e308') },
    { label: 'beyond 2^53', value: new RawJson('9007199254740993') },
    { label: '30-digit integer', value: new RawJson('123456789012345678901234567890') },
    { label: 'tiny fraction', value: new RawJson('1e-320') },
    { label: '"Infinity" as a string', value: 'Infinity' },
    { label: 'numeric string', value: '12' },
  ];
  if (integer) out.push({ label: 'fraction for an integer', value: 2.5 });
  if (schema.maximum !== undefined)
    out.push(
      { label: `maximum (${schema.maximum})`, value: schema.maximum },
      { label: 'maximum+1', value: schema.maximum + 1 },
      { label: 'maximum+0.001', value: schema.maximum + 0.001 },
    );
  if (schema.minimum !== undefined)
    out.push(
      { label: `minimum (${schema.minimum})`, value: schema.minimum },
      { label: 'minimum-1', value: schema.minimum - 1 },
      { label: 'minimum-0.001', value: schema.minimum - 0.001 },
    );
  if (schema.exclusiveMinimum !== undefined) out.push({ label: 'exclusiveMinimum', value: schema.exclusiveMinimum });
  if (schema.exclusiveMaximum !== undefined) out.push({ label: 'exclusiveMaximum', value: schema.exclusiveMaximum });
  if (!integer) out.push({ label: 'three decimals', value: 1.005 });
  return out;
}

function arrayMutations(
  schema: JsonSchema,
  example: unknown[],
  fixtures: Record<string, string>,
  depth: number,
  key: string,
): Mutation[] {
  const item = schema.items ?? {};
  const sample = example[0] ?? validExample(item, fixtures, key);
  const out: Mutation[] = [
    { label: 'empty array', value: [] },
    { label: 'array of nulls', value: [null, null] },
  ];
  if (schema.maxItems !== undefined)
    out.push({
      label: 'maxItems+1',
      value: Array.from({ length: schema.maxItems + 1 }, () => validExample(item, fixtures, key)),
    });
  if (schema.minItems) out.push({ label: 'minItems-1', value: example.slice(0, schema.minItems - 1) });
  if (schema.uniqueItems) out.push({ label: 'duplicate items', value: [sample, sample] });
  for (const m of mutationsOf(item, sample, fixtures, depth + 1, key))
    out.push({ label: `0.${m.label}`, value: [m.value] });
  return out;
}

function objectMutations(
  schema: JsonSchema,
  example: Record<string, unknown>,
  fixtures: Record<string, string>,
  depth: number,
): Mutation[] {
  const out: Mutation[] = [];
  for (const [name, propSchema] of Object.entries(schema.properties ?? {})) {
    const current = example[name] ?? validExample(propSchema, fixtures, name);
    if (schema.required?.includes(name))
      out.push({ label: `${name}: missing`, value: { ...example, [name]: REMOVED } });
    for (const m of mutationsOf(propSchema, current, fixtures, depth + 1, name)) {
      out.push({
        label: `${name}.${m.label}`.replace(`${name}.: `, `${name}: `),
        value: { ...example, [name]: m.value },
      });
    }
  }
  return out;
}

/** Values that put one field (or one nested field) of `example` out of, or at the edge of, its schema. */
export function mutationsOf(
  schema: JsonSchema,
  example: unknown,
  fixtures: Record<string, string> = {},
  depth = 0,
  key = '',
): Mutation[] {
  if (depth > 3) return [];
  const target = nonNull(schema);
  const type = typeOf(target);
  const out: Mutation[] = [{ label: ': null', value: null }];
  for (const [label, value] of WRONG_TYPES)
    if (!accepts(type, label)) out.push({ label: `: wrong type ${label}`, value });
  if (target.enum || target.const !== undefined)
    out.push(
      { label: ': not a choice', value: 'not-a-choice' },
      { label: ': choice in upper case', value: String(target.enum?.[0] ?? target.const).toUpperCase() },
    );
  const own = (list: Mutation[]) => list.map((m) => ({ label: `: ${m.label}`, value: m.value }));
  if (type === 'string') out.push(...own(stringMutations(target)));
  if (type === 'integer' || type === 'number') out.push(...own(numberMutations(target, type === 'integer')));
  if (type === 'array')
    out.push(
      ...arrayMutations(target, Array.isArray(example) ? example : [], fixtures, depth, key).map((m) => ({
        ...m,
        label: m.label.startsWith('0.') ? m.label : `: ${m.label}`,
      })),
    );
  if (type === 'object' && example !== null && typeof example === 'object')
    out.push(...objectMutations(target, example as Record<string, unknown>, fixtures, depth));
  return out;
}

/** Drops the members marked as removed, recursively, and writes the JSON text. */
export function mutationText(value: unknown): string {
  const strip = (v: unknown): unknown => {
    if (v instanceof RawJson || v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map(strip);
    return Object.fromEntries(
      Object.entries(v)
        .filter(([, x]) => x !== REMOVED)
        .map(([k, x]) => [k, strip(x)]),
    );
  };
  return toJsonText(strip(value));
}

// ---------------------------------------------------------------------------------------------------
// Junk: payloads that owe nothing to the schema.

export interface JunkPayload {
  label: string;
  text: string;
  contentType: string;
}

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

const nested = (depth: number, open: string, close: string, leaf = '1') =>
  `${open.repeat(depth)}${leaf}${close.repeat(depth)}`;

/** Junk bodies; `base` is the JSON text of a valid body, for junk wrapped around real fields. */
export function junkPayload(base: string, bodyLimitBytes: number): fc.Arbitrary<JunkPayload> {
  const json = (label: string, text: string): JunkPayload => ({ label, text, contentType: 'application/json' });
  return fc.oneof(
    fc.jsonValue({ maxDepth: 4 }).map((v) => json('random JSON value', JSON.stringify(v))),
    fc
      .anything({ maxDepth: 3, withNullPrototype: true, withBoxedValues: true })
      .map((v) => json('random object (stringified)', JSON.stringify(v) ?? '')),
    fc.string({ unit: 'binary', maxLength: 200 }).map((s) => json('random text', s)),
    fc.string({ unit: 'grapheme', maxLength: 50 }).map((s) => json('JSON string', JSON.stringify(s))),
    fc.integer({ min: 100, max: 400 }).map((n) => json(`${n}-deep objects`, nested(n, '{"a":', '}'))),
    fc.integer({ min: 100, max: 400 }).map((n) => json(`${n}-deep arrays`, nested(n, '[', ']'))),
    fc
      .integer({ min: 50, max: 200 })
      .map((n) => json(`${n}-deep inside a valid body`, withLeadingMember(base, 'extra', nested(n, '{"a":', '}')))),
    fc
      .tuple(
        fc.constantFrom(...PROTO_KEYS),
        fc.constantFrom('{"polluted":"yes"}', '{"prototype":{"polluted":"yes"}}', '"yes"', 'null'),
      )
      .map(([key, value]) => json(`${key} key`, withLeadingMember(base, key, value))),
    fc
      .constantFrom(...PROTO_KEYS)
      .map((key) => json(`nested ${key}`, `{"a":{"${key}":{"polluted":"yes"}},"b":[{"${key}":{"polluted":"yes"}}]}`)),
    fc
      .constantFrom(
        '1e309',
        '-0',
        '-1e309',
        '123456789012345678901234567890',
        '"Infinity"',
        'NaN',
        'Infinity',
        'null',
        'true',
        '[]',
        '""',
        '{}',
      )
      .map((text) => json(`bare ${text}`, text)),
    fc
      .dictionary(fc.string({ maxLength: 20 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 6 })
      .map((extra) => json('valid body with extra keys', JSON.stringify({ ...JSON.parse(base), ...extra }))),
    fc.constant(json('duplicate keys', withLeadingMember(base, 'a', '1').replace('{', '{"a":2,'))),
    fc.constant(json('truncated valid body', base.slice(0, Math.max(1, base.length - 1)))),
    fc.constant(json('body over the size limit', JSON.stringify({ name: 'x'.repeat(bodyLimitBytes) }))),
    fc
      .constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/xml',
        'multipart/form-data; boundary=x',
      )
      .map((contentType) => ({ label: `valid body as ${contentType}`, text: base, contentType })),
    fc.constant({ label: 'UTF-16 charset', text: base, contentType: 'application/json; charset=utf-16' }),
  );
}

// ---------------------------------------------------------------------------------------------------
// The database before and after.

const tableColumns = new WeakMap<Db, Promise<Array<{ name: string; hasUpdatedAt: boolean }>>>();

function tablesOf(db: Db) {
  let tables = tableColumns.get(db);
  if (!tables) {
    tables = db.introspection
      .getTables()
      .then((list) =>
        list
          .map((t) => ({ name: t.name, hasUpdatedAt: t.columns.some((c) => c.name === 'updated_at') }))
          .sort((a, b) => a.name.localeCompare(b.name)),
      );
    tableColumns.set(db, tables);
  }
  return tables;
}

/** Row counts of every table and the newest `updated_at` where a table has one, in one query. */
async function databaseFingerprint(db: Db, ignoredTables: readonly string[] = []): Promise<Record<string, string>> {
  const tables = (await tablesOf(db)).filter((t) => !ignoredTables.includes(t.name));
  const selects = tables.map(
    (t) =>
      sql`select ${sql.lit(t.name)} as name, count(*) as rows, ${t.hasUpdatedAt ? sql`max(${sql.ref('updated_at')})` : sql`null`} as newest from ${sql.table(t.name)}`,
  );
  const result = await sql<{
    name: string;
    rows: unknown;
    newest: unknown;
  }>`${sql.join(selects, sql` union all `)}`.execute(db);
  return Object.fromEntries(
    result.rows.map((r) => [
      r.name,
      `${String(r.rows)} ${r.newest instanceof Date ? r.newest.toISOString() : String(r.newest)}`,
    ]),
  );
}

/**
 * Fingerprints around requests. After a refusal the database is checked to be as it was, so that
 * fingerprint serves as the next request's "before": one query per refused request, not two.
 */
export class DatabaseWatch {
  private known: { key: string; print: string } | null = null;

  constructor(private readonly db: Db) {}

  async snapshot(ignoredTables: readonly string[] = []): Promise<string> {
    const key = ignoredTables.join(',');
    if (this.known?.key === key) return this.known.print;
    return JSON.stringify(await databaseFingerprint(this.db, ignoredTables));
  }

  /** Throws, naming the request, when the database differs from `before`. */
  async expectUnchanged(before: string, context: string, ignoredTables: readonly string[] = []): Promise<void> {
    const after = JSON.stringify(await databaseFingerprint(this.db, ignoredTables));
    this.known = { key: ignoredTables.join(','), print: after };
    if (after !== before) throw new Error(`${context}\nwas refused but changed the database:\n${before}\n${after}`);
  }

  /** The request succeeded: the database may have changed. */
  forget(): void {
    this.known = null;
  }
}

// ---------------------------------------------------------------------------------------------------
// What a refusal must look like.

const REFUSAL_STATUSES = [400, 404, 409, 413, 415, 422];

export interface Answer {
  statusCode: number;
  body: string;
}

/** The documented error body for the answer's status. */
export function expectDocumentedRefusal(answer: Answer, context: string, alsoAllowed: readonly number[] = []): void {
  expect(
    [...REFUSAL_STATUSES, ...alsoAllowed],
    `${context}\n${answer.statusCode} ${answer.body.slice(0, 500)}`,
  ).toContain(answer.statusCode);
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(answer.body) as Record<string, unknown>;
  } catch {
    throw new Error(`${context}: the ${answer.statusCode} body is not JSON: ${answer.body.slice(0, 200)}`);
  }
  expect(body.success, context).toBe(false);
  expect(typeof body.message, context).toBe('string');
  if (answer.statusCode === 404) expect(body, context).toMatchObject({ data: null, meta: {} });
  if (answer.statusCode === 422 && body.errors !== undefined) {
    const errors = body.errors as Record<string, unknown>;
    expect(typeof errors === 'object' && errors !== null && !Array.isArray(errors), context).toBe(true);
    for (const [field, messages] of Object.entries(errors)) {
      expect(
        Array.isArray(messages) && messages.length > 0 && messages.every((m) => typeof m === 'string'),
        `${context}: errors.${field}`,
      ).toBe(true);
    }
  }
}

export const isSuccess = (statusCode: number) => statusCode >= 200 && statusCode < 300;

// ---------------------------------------------------------------------------------------------------
// Prototype pollution: nothing a request sends may reach Object.prototype.

export function prototypeSnapshot(): string[] {
  return Object.getOwnPropertyNames(Object.prototype).sort();
}

export function expectPrototypeUntouched(before: string[]): void {
  expect(prototypeSnapshot()).toEqual(before);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'polluted')).toBe(false);
}

/** A fixed seed so a failure replays; FUZZ_SEED overrides it. fast-check prints the seed and path of a failure. */
export function configureFuzzing(numRuns: number): number {
  const seed = Number(process.env.FUZZ_SEED ?? 20_261_121);
  fc.configureGlobal({ seed, numRuns, endOnFailure: true });
  return seed;
}

// ---------------------------------------------------------------------------------------------------
// Query strings: text values, since every query value arrives as text.

const encode = encodeURIComponent;

/** Raw (already percent-encoded) values that put a query parameter out of, or at the edge of, its schema. */
function queryEdgeValues(schema: JsonSchema): string[] {
  const target = nonNull(schema);
  const type = typeOf(target);
  const values = [
    '',
    '%00',
    'a%00b',
    '%',
    '%zz',
    '%E0%A4%A',
    '%C0%AF',
    encode('🙂👍🏽'),
    encode('\u202e'),
    'x'.repeat(5000),
    encode('Ω'.repeat(2000)),
    "x'%3B--",
    '%25_%5C',
  ];
  if (type === 'integer' || type === 'number') {
    values.push(
      '-1',
      '0',
      '1.5',
      '-0',
      '1e309',
      '-1e309',
      'NaN',
      'Infinity',
      '99999999999999999999',
      '0x10',
      '1e2',
      ' 1',
      'true',
    );
    if (target.maximum !== undefined) values.push(String(target.maximum), String(target.maximum + 1));
    if (target.minimum !== undefined) values.push(String(target.minimum), String(target.minimum - 1));
  }
  if (type === 'boolean') values.push('true', 'false', '1', '0', 'yes', 'TRUE', 'null');
  if (target.enum)
    values.push(
      ...target.enum.map((v) => encode(String(v))),
      'not-a-choice',
      encode(String(target.enum[0]).toUpperCase()),
    );
  if (target.pattern) values.push(newId(), newId().toUpperCase(), `${newId()}x`);
  if (target.maxLength !== undefined) values.push('m'.repeat(target.maxLength), 'm'.repeat(target.maxLength + 1));
  if (target.format === 'date' || target.format === 'date-time')
    values.push('2026-02-30', '2026-13-01', '0000-01-01', '2026-01-01T25:00:00Z', '275760-09-13');
  return values;
}

export interface QueryPart {
  name: string;
  /** Percent-encoded text, written into the URL as is. */
  value: string;
}

/** One to three `name=value` pairs of the route's parameters (the same name twice makes an array), from edges and random text. */
export function queryParts(params: readonly QueryParam[]): fc.Arbitrary<QueryPart[]> {
  const part = fc
    .constantFrom(...params)
    .chain((param) =>
      fc
        .oneof(
          { weight: 3, arbitrary: fc.constantFrom(...queryEdgeValues(param.schema)) },
          { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }).map(encode) },
          { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }).map(encode) },
        )
        .map((value) => ({ name: param.name, value })),
    );
  const oddName = fc
    .constantFrom('__proto__', '__proto__[polluted]', 'constructor[prototype][polluted]', 'prototype', 'a[]', '%00')
    .map((name) => ({ name, value: 'yes' }));
  return fc.array(fc.oneof({ weight: 5, arbitrary: part }, { weight: 1, arbitrary: oddName }), {
    minLength: 1,
    maxLength: 3,
  });
}

export const queryText = (parts: readonly QueryPart[]) => parts.map((p) => `${p.name}=${p.value}`).join('&');

/** Path segments that Fastify's router refuses before any hook runs: bad percent-encoding, over 100 characters. */
export const ROUTER_REFUSED_SEGMENTS = ['%', '%zz', '%E0%A4%A', 'x'.repeat(101)];

/** Junk for a path segment: random ids, traversal, encodings, long (what reaches the app; see ROUTER_REFUSED_SEGMENTS). */
export const pathSegment: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '..',
    '%2e%2e',
    '%2F',
    '%00',
    '%C0%AF',
    'null',
    'undefined',
    '0',
    '-1',
    '__proto__',
    'constructor',
    "x'%3B--",
    'x'.repeat(100),
  ),
  fc.constant(null).map(() => newId()),
  fc.constant(null).map(() => newId().toUpperCase()),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 11 }).map(encode),
);

// ---------------------------------------------------------------------------------------------------
// Sign-in, two-factor and token management take a browser session (with its CSRF token), not a bearer token.

export const needsSession = (path: string) => /^\/api\/v1\/(auth|api-tokens)(\/|$)/.test(path);

export function sessionHeaders(client: { cookieHeader(): string; xsrf: string | undefined }): Record<string, string> {
  return { cookie: client.cookieHeader(), 'x-xsrf-token': client.xsrf ?? '' };
}

// ---------------------------------------------------------------------------------------------------
// Records for path parameters and id fields, so a body that passes validation reaches the service.

export interface FuzzFixtures {
  /** Ids by body field name (`supplier_id`), for valid examples. */
  fields: Record<string, string>;
  /** Path parameter ids for a route path. */
  pathIds(path: string): Record<string, string | undefined>;
}

/** Any hostname resolves to a public address, so webhook subscriptions pass the address guard without DNS. */
export const publicResolver = async () => [{ address: '93.184.215.14', family: 4 as const }];

type Caller = (
  method: HttpMethod,
  url: string,
  payload?: unknown,
) => Promise<{ statusCode: number; body: string; json(): unknown }>;
type Uploader = (
  owner: 'products' | 'suppliers' | 'purchase-orders',
  ownerId: string,
) => Promise<{ statusCode: number; body: string; json(): unknown }>;

async function createdId(call: Caller, url: string, payload: unknown): Promise<string> {
  const res = await call('POST', url, payload);
  if (res.statusCode !== 201 && res.statusCode !== 200)
    throw new Error(`fixture ${url}: ${res.statusCode} ${res.body}`);
  return (res.json() as { data: { id: string } }).data.id;
}

async function firstId(call: Caller, url: string): Promise<string | undefined> {
  const res = await call('GET', url);
  return (res.json() as { data?: Array<{ id: string }> }).data?.[0]?.id;
}

const OPS = '/api/v1/operations';

/** One record of each kind the routes address, made through the API. */
async function makeFuzzFixtures(
  call: Caller,
  upload: Uploader,
  defaultWarehouseId: string,
  salesOrder: string,
): Promise<FuzzFixtures> {
  const make = (path: string, payload: unknown) => createdId(call, `${OPS}/${path}`, payload);
  const word = uniqueWord();
  const category = await make('product-categories', { name: `Fuzz category ${word}` });
  const brand = await make('brands', { name: `Fuzz brand ${word}` });
  const tag = await make('tags', { name: `Fuzz tag ${word}`, slug: `fuzz-${word}` });
  const otherTag = await make('tags', { name: `Fuzz tag ${word} two`, slug: `fuzz-${word}-two` });
  const supplier = await make('suppliers', {
    name: `Fuzz supplier ${word}`,
    code: `FZ-${word}`.toUpperCase(),
    email: 'orders@fuzz.test',
  });
  await call('POST', `${OPS}/suppliers/${supplier}/activate`);
  const attribute = await make('attributes', { code: `fz_${word}`, name: 'Fuzz', label: 'Fuzz', type: 'text' });
  const warehouse = await make('warehouses', { name: `Fuzz warehouse ${word}`, code: `FZ${word}`.toUpperCase() });
  const product = await make('products', {
    name: `Fuzz product ${word}`,
    sku: `FZ-${word}`.toUpperCase(),
    selling_price: 10,
    stock_quantity: 50,
  });
  const master = await make('master-products', { name: `Fuzz master ${word}` });
  const customer = await createdId(call, '/api/v1/crm/customers', { name: `Fuzz customer ${word}` });
  const order = await make('purchase-orders', {
    supplier_id: supplier,
    warehouse_id: defaultWarehouseId,
    items: [{ product_id: product, quantity: 5, unit_price: 2 }],
  });
  const subscription = await createdId(call, '/api/v1/webhooks/subscriptions', {
    url: `https://hooks.example.com/${word}`,
    event_types: ['product.created'],
  });
  const user = await createdId(call, '/api/v1/users', {
    name: `Fuzz user ${word}`,
    email: `fuzz-${word}@fuzz.test`,
    role: 'manager',
  });
  const token = await firstId(call, '/api/v1/api-tokens');
  const inventory = await firstId(call, `${OPS}/inventory?product_id=${product}`);
  const movement = await firstId(call, `${OPS}/stock-movements?product_id=${product}`);
  const document = async (owner: 'products' | 'suppliers' | 'purchase-orders', ownerId: string) => {
    const res = await upload(owner, ownerId);
    if (res.statusCode !== 201) throw new Error(`fixture document on ${owner}: ${res.statusCode} ${res.body}`);
    return (res.json() as { data: { id: string } }).data.id;
  };
  const documents = {
    products: await document('products', product),
    suppliers: await document('suppliers', supplier),
    'purchase-orders': await document('purchase-orders', order),
  };

  const byPrefix: Array<[string, string | undefined]> = [
    ['/api/v1/api-tokens/', token],
    [`${OPS}/warehouses/`, warehouse],
    [`${OPS}/product-categories/`, category],
    [`${OPS}/brands/`, brand],
    [`${OPS}/tags/`, tag],
    [`${OPS}/suppliers/`, supplier],
    [`${OPS}/attributes/`, attribute],
    [`${OPS}/products/`, product],
    [`${OPS}/master-products/`, master],
    [`${OPS}/inventory/`, inventory],
    [`${OPS}/stock-movements/`, movement],
    [`${OPS}/purchase-orders/`, order],
    ['/api/v1/webhooks/subscriptions/', subscription],
    ['/api/v1/users/', user],
    ['/api/v1/crm/customers/', customer],
    ['/api/v1/sales/orders/', salesOrder],
  ];
  return {
    fields: {
      supplier_id: supplier,
      warehouse_id: defaultWarehouseId,
      from_warehouse_id: defaultWarehouseId,
      to_warehouse_id: warehouse,
      product_id: product,
      category_id: category,
      brand_id: brand,
      master_product_id: master,
      tag_id: tag,
      source_tag_ids: otherTag,
      target_tag_id: tag,
      tag_ids: tag,
      brand_ids: brand,
      category_ids: category,
      product_id_1: product,
      product_id_2: product,
      parent_id: category,
    },
    pathIds(path) {
      const id = byPrefix.find(([prefix]) => path.startsWith(prefix))?.[1];
      const owner = Object.keys(documents).find((o) => path.startsWith(`${OPS}/${o}/`)) as
        keyof typeof documents | undefined;
      return {
        id,
        master,
        productId: product,
        subscriptionId: subscription,
        deliveryId: undefined,
        documentId: owner ? documents[owner] : undefined,
      };
    },
  };
}

/** What a fuzz suite needs before it starts: the fixtures, and a signed-in session for the session-only routes. */
export async function prepareFuzzing(t: TestApp): Promise<{ fixtures: FuzzFixtures; session: SessionClient }> {
  const upload: Uploader = (owner, ownerId) =>
    t.app.inject({
      method: 'POST',
      url: `${OPS}/${owner}/${ownerId}/documents`,
      headers: t.auth,
      payload: documentForm({
        file: pdfBytes(),
        filename: 'fuzz.pdf',
        declaredType: 'application/pdf',
        type: 'specification',
      }),
    });
  // Sales orders are written into the tables (test/helpers/sales-fixtures.ts): a shipped one of one line.
  const salesProduct = await makeProduct(t.database.db, t.tenant.tenantId);
  const salesOrder = await insertOrder(t.database.db, t.tenant.tenantId, {
    status: 'shipped',
    lines: [{ product_id: salesProduct, quantity: 1 }],
  });
  // Its reference holds "fuzz", as every fixture's text does, for the search suites.
  await t.database.db
    .updateTable('sales_orders')
    .set({ external_ref: 'fuzz-order' })
    .where('id', '=', salesOrder.orderId)
    .execute();
  const fixtures = await makeFuzzFixtures(
    jsonCaller(t.app, t.auth),
    upload,
    t.tenant.defaultWarehouseId,
    salesOrder.orderId,
  );
  return { fixtures, session: await signedInClient(t.app, t.tenant.adminEmail) };
}
