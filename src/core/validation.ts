// Validation against the API's schemas: Ajv compiled once per schema. Text (query strings, path parameters,
// form fields) is coerced; JSON bodies are not (a string is not a number in a business API). Ajv errors become
// field errors keyed by dotted path, with readable messages. http/validation.ts applies it to every request.
import { Ajv, type ErrorObject, type Options } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { MAX_NESTING_DEPTH, nestsDeeperThan } from '../lib/json-depth.js';
import { HTTP_URL_OR_PATH_RULE, HTTP_URL_RULE, isHttpUrl, isHttpUrlOrPath } from '../lib/links.js';
import type { FieldErrors } from './errors.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

type FormatCheck = { validate: (value: string) => boolean; compare?: (a: string, b: string) => number | undefined };

/** PostgreSQL has no year 0: `0000-01-01` is a valid ISO date that the database refuses. */
function withoutYearZero(ajv: Ajv, name: 'date' | 'date-time'): void {
  const base = ajv.formats[name] as FormatCheck;
  ajv.addFormat(name, { ...base, validate: (value: string) => !value.startsWith('0000') && base.validate(value) });
}

/** Formats of the API's own (http/common-schemas.ts), by name, with what a value must be in words. */
export const LINK_FORMATS: Record<string, { validate: (text: string) => boolean; rule: string }> = {
  'http-url': { validate: isHttpUrl, rule: HTTP_URL_RULE },
  'http-url-or-path': { validate: isHttpUrlOrPath, rule: HTTP_URL_OR_PATH_RULE },
};

function createAjv(options: Options): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    useDefaults: true,
    removeAdditional: true,
    strict: false,
    ...options,
  });
  addFormats(ajv);
  withoutYearZero(ajv, 'date');
  withoutYearZero(ajv, 'date-time');
  for (const [name, { validate }] of Object.entries(LINK_FORMATS)) ajv.addFormat(name, validate);
  return ajv;
}

const bodyAjv = createAjv({ coerceTypes: false });
const textAjv = createAjv({ coerceTypes: 'array' });

// A NUL character, or a UTF-16 surrogate without its pair: PostgreSQL stores neither in text or jsonb (a 500
// there), SQLite would keep them; refusing them here answers the same 422 on both engines.
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const isUnstorable = (text: string) => text.includes('\u0000') || UNPAIRED_SURROGATE.test(text);
const UNSTORABLE_TEXT_KEYWORD = 'unstorableText';

const pointerSegment = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const pointerOf = (parent: string, key: string | undefined) =>
  key === undefined ? parent : `${parent}/${pointerSegment(key)}`;

/** The JSON pointer of the first unstorable string (a value or a key), or null. Iterative: any depth is safe. */
function unstorableTextAt(value: unknown): string | null {
  // Entries wait on a stack in document order; a key is checked when its member's turn comes. A member's pointer
  // is written out only when it is answered or has members of its own: most requests have none to write.
  const pending: Array<{ value: unknown; parent: string; key?: string }> = [{ value, parent: '' }];
  while (pending.length > 0) {
    const { value: node, parent, key } = pending.pop()!;
    if (key !== undefined && isUnstorable(key)) return pointerOf(parent, key);
    if (typeof node === 'string') {
      if (isUnstorable(node)) return pointerOf(parent, key);
    } else if (node !== null && typeof node === 'object') {
      const at = pointerOf(parent, key);
      const entries = Object.entries(node);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [name, member] = entries[i]!;
        pending.push({ value: member, parent: at, key: name });
      }
    }
  }
  return null;
}

const NESTING_DEPTH_KEYWORD = 'nestingDepth';

/**
 * The JSON pointer of the body's first top-level member that nests deeper than MAX_NESTING_DEPTH (`''` when
 * the body is an array), or null. Real bodies nest a few levels; the limit keeps every recursive step after
 * validation (Ajv, serialisers, JSON.stringify) far from the call stack's end.
 */
function tooDeepAt(value: unknown): string | null {
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) return nestsDeeperThan(value, MAX_NESTING_DEPTH) ? '' : null;
  // The body is level 1, so each member may nest one level less.
  for (const [name, member] of Object.entries(value)) {
    if (nestsDeeperThan(member, MAX_NESTING_DEPTH - 1)) return `/${pointerSegment(name)}`;
  }
  return null;
}

/** Ajv's shape of a check: false, with `errors` set, when the value fails. */
export type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

const failure = (keyword: string, instancePath: string): ErrorObject[] => [
  { keyword, instancePath, schemaPath: '#', params: {} },
];

/**
 * The schema's checks, with one before them and one after, for every part of the request: no nesting deeper
 * than MAX_NESTING_DEPTH (checked first, so that no recursive check ever sees it, even in a key the schema
 * would drop), and no text the database would refuse (a 500 otherwise).
 */
function refusingUnstorableText(validate: Validate): Validate {
  const checked: Validate = (data) => {
    const tooDeep = tooDeepAt(data);
    if (tooDeep !== null) {
      checked.errors = failure(NESTING_DEPTH_KEYWORD, tooDeep);
      return false;
    }
    if (!validate(data)) {
      checked.errors = validate.errors;
      return false;
    }
    const at = unstorableTextAt(data);
    checked.errors = at === null ? null : failure(UNSTORABLE_TEXT_KEYWORD, at);
    return at === null;
  };
  return checked;
}

/**
 * The compiled check of `schema` for one kind of value: `body` is JSON as sent, never coerced; `text` is coerced
 * from text (query strings, path parameters, form fields); `headers` too, without the checks of nesting and
 * unstorable text, which flat Latin-1 headers cannot fail (Node.js's parser refuses a NUL in them).
 */
export function compileCheck(schema: object, kind: 'body' | 'text' | 'headers'): Validate {
  const validate = (kind === 'body' ? bodyAjv : textAjv).compile(schema);
  return kind === 'headers' ? validate : refusingUnstorableText(validate);
}

const isIndex = (part: string) => /^\d+$/.test(part);

/**
 * How a message names a field: a plain field by its last name in words (`postal_code` is `postal code`); a
 * field in or under an array by its path, with indexes in brackets (`tags.0` is `tags[0]`, `items.1.quantity`
 * is `items[1].quantity`), since `0` or `quantity` alone does not say which one.
 */
function humanise(field: string): string {
  const parts = field.split('.');
  if (!parts.some(isIndex)) return (parts.at(-1) ?? field).replace(/_/g, ' ');
  return parts.reduce(
    (path, part) => (isIndex(part) ? `${path}[${part}]` : path === '' ? part : `${path}.${part}`),
    '',
  );
}

function fieldOf(error: ErrorObject): string {
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') path.push(String(error.params.missingProperty));
  return path.join('.') || 'body';
}

function messageOf(error: ErrorObject, field: string): string {
  if (field === 'body' && error.keyword === 'type') return 'The request body must be a JSON object.';
  const name = humanise(field);
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `The ${name} field is required.`;
    case 'type': {
      const type = String(p.type).replace(/,/g, ' or ');
      const article = /^(integer|object|array)/.test(type) ? 'an' : 'a';
      return `The ${name} field must be ${article} ${type}.`;
    }
    case 'minimum':
      return `The ${name} field must be at least ${p.limit}.`;
    case 'exclusiveMinimum':
      return `The ${name} field must be greater than ${p.limit}.`;
    case 'maximum':
      return `The ${name} field must not be greater than ${p.limit}.`;
    case 'exclusiveMaximum':
      return `The ${name} field must be less than ${p.limit}.`;
    case 'minLength':
      return p.limit === 1
        ? `The ${name} field must not be empty.`
        : `The ${name} field must be at least ${p.limit} characters.`;
    case 'maxLength':
      return `The ${name} field must not be greater than ${p.limit} characters.`;
    case 'minItems':
      return `The ${name} field must have at least ${p.limit} items.`;
    case 'maxItems':
      return `The ${name} field must not have more than ${p.limit} items.`;
    case 'uniqueItems':
      return `The ${name} field must not contain duplicates.`;
    case 'enum':
      return `The selected ${name} is invalid. Allowed: ${(p.allowedValues as unknown[]).join(', ')}.`;
    case 'const':
      return `The selected ${name} is invalid.`;
    case 'format': {
      const format = String(p.format);
      const own = LINK_FORMATS[format];
      return own
        ? `The ${name} field must be ${own.rule}.`
        : `The ${name} field must be a valid ${format.replace('-', ' ')}.`;
    }
    case 'pattern':
      return `The ${name} field format is invalid.`;
    case 'multipleOf':
      return `The ${name} field must be a multiple of ${p.multipleOf}.`;
    case UNSTORABLE_TEXT_KEYWORD:
      return `The ${name} field must not contain NUL characters or unpaired surrogates.`;
    case NESTING_DEPTH_KEYWORD:
      return `The ${name} field is nested too deeply: a request may nest objects and arrays at most ${MAX_NESTING_DEPTH} levels.`;
    case 'additionalProperties':
      return `The ${name} field has an unknown key ${String(p.additionalProperty)}.`;
    default:
      return `The ${name} field is invalid.`;
  }
}

/**
 * Groups Ajv errors by dotted field path. A nullable field is `anyOf [T, null]`, whose failure also
 * reports "must be null": type errors are dropped where the same field has more specific errors, and
 * the remaining type errors of one field are merged ("must be a string or null").
 */
export function fieldErrors(errors: readonly ErrorObject[]): FieldErrors {
  const relevant = errors.filter((e) => !['anyOf', 'oneOf', 'if'].includes(e.keyword));
  const fields = relevant.map(fieldOf);
  const hasSpecific = (field: string) =>
    relevant.some((e, i) => e.keyword !== 'type' && (fields[i] === field || fields[i]!.startsWith(`${field}.`))) ||
    fields.some((f) => f.startsWith(`${field}.`));

  const result: FieldErrors = {};
  const types = new Map<string, string[]>();
  relevant.forEach((error, i) => {
    const field = fields[i]!;
    if (error.keyword === 'type') {
      if (!hasSpecific(field)) types.set(field, [...(types.get(field) ?? []), String(error.params.type)]);
      return;
    }
    const list = (result[field] ??= []);
    const message = messageOf(error, field);
    if (!list.includes(message)) list.push(message);
  });
  for (const [field, names] of types) {
    const error = { keyword: 'type', params: { type: [...new Set(names)].join(' or ') } } as unknown as ErrorObject;
    (result[field] ??= []).push(messageOf(error, field));
  }
  return result;
}

/**
 * The check of a multipart form's text fields: coerced from text as query parameters are (`true`, `1`, in place
 * on the object checked), with the API's messages; the field errors, or null when they pass.
 */
export function formCheck(schema: object): (fields: Record<string, unknown>) => FieldErrors | null {
  const validate = refusingUnstorableText(textAjv.compile(schema));
  return (fields) => (validate(fields) ? null : fieldErrors(validate.errors ?? []));
}

/**
 * The check of a body schema for bodies built in code rather than sent (an import's rows), with the API's
 * checks and messages: the field errors a request with this body would get, or null when it passes.
 */
export function bodyCheck(schema: object): (body: unknown) => FieldErrors | null {
  const validate = refusingUnstorableText(bodyAjv.compile(schema));
  return (body) => (validate(body) ? null : fieldErrors(validate.errors ?? []));
}
