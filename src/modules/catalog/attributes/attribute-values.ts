// Value rules of EAV attributes, pure (no database): what a product may send for each type, the string
// stored for it, and its typed, formatted and display forms. Also checks a definition's validation rules.
import type { AttributeType } from '../../../db/schema.js';
import { MAX_NESTING_DEPTH, nestsDeeperThan } from '../../../lib/json-depth.js';
import { HTTP_URL_OR_PATH_RULE, isHttpUrl, isHttpUrlOrPath, MAX_LINK_LENGTH } from '../../../lib/links.js';

/** The parts of a definition the value rules need. */
export interface ValueDefinition {
  label: string;
  type: AttributeType;
  options?: string[] | null;
  validation_rules?: string[] | null;
  unit?: string | null;
}

export type NormaliseResult = { ok: true; stored: string } | { ok: false; message: string };

export const MAX_TEXT_LENGTH = 65_535;
export const MAX_EMAIL_LENGTH = 254;
export const MAX_RULE_PATTERN_LENGTH = 500;

/** Types whose `min`/`max` bound the length and that accept `regex`. */
const LENGTH_TYPES: ReadonlySet<AttributeType> = new Set(['text', 'image', 'url', 'email', 'phone']);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const NUMERIC = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const HEX_COLOR = /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
const PHONE = /^[0-9 +\-().]{5,30}$/;
const RULE = /^(min|max|regex):([\s\S]*)$/;

// ---------------------------------------------------------------- validation rules

interface ParsedRules {
  min?: number;
  max?: number;
  regex?: RegExp;
}

/** Compiles `regex:` patterns: a bare pattern, or `/pattern/flags` with flags among i, m, s, u. */
export function compilePattern(pattern: string): RegExp | null {
  if (pattern.length === 0 || pattern.length > MAX_RULE_PATTERN_LENGTH) return null;
  const delimited = /^\/([\s\S]+)\/([imsu]*)$/.exec(pattern);
  try {
    return delimited ? new RegExp(delimited[1]!, delimited[2]) : new RegExp(pattern);
  } catch {
    return null;
  }
}

function ruleKind(type: AttributeType): 'length' | 'number' | 'count' | null {
  if (LENGTH_TYPES.has(type)) return 'length';
  if (type === 'number') return 'number';
  if (type === 'multiselect') return 'count';
  return null;
}

/**
 * Checks a definition's rules for its type. Answers a message per refused rule, keyed by its index:
 * unknown rules, a bound that is not a number (or not a whole number >= 0 for lengths and counts),
 * a rule the type has no use for, a rule given twice, min above max, and a pattern that does not compile.
 */
export function checkValidationRules(type: AttributeType, rules: readonly string[]): Record<number, string> {
  const errors: Record<number, string> = {};
  const kind = ruleKind(type);
  const seen = new Map<string, number>();
  let min: number | undefined;
  let max: number | undefined;
  rules.forEach((rule, i) => {
    const match = RULE.exec(rule);
    if (!match) {
      errors[i] = `The rule "${rule}" is not supported. Use min:<number>, max:<number> or regex:<pattern>.`;
      return;
    }
    const name = match[1]!;
    const argument = match[2]!;
    if (seen.has(name)) {
      errors[i] = `The ${name} rule is given more than once.`;
      return;
    }
    seen.set(name, i);
    if (name === 'regex') {
      if (kind !== 'length') errors[i] = `The regex rule does not apply to ${type} attributes.`;
      else if (!compilePattern(argument)) errors[i] = `The regex rule has an invalid pattern.`;
      return;
    }
    if (kind === null) {
      errors[i] = `The ${name} rule does not apply to ${type} attributes.`;
      return;
    }
    const value = NUMERIC.test(argument.trim()) ? Number(argument) : NaN;
    if (!Number.isFinite(value)) {
      errors[i] = `The ${name} rule needs a number, as in ${name}:10.`;
      return;
    }
    if (kind !== 'number' && (!Number.isInteger(value) || value < 0)) {
      errors[i] = `The ${name} rule needs a whole number of at least 0 for ${type} attributes.`;
      return;
    }
    if (name === 'min') min = value;
    else max = value;
  });
  if (min !== undefined && max !== undefined && min > max && errors[seen.get('max')!] === undefined) {
    errors[seen.get('max')!] = 'The max rule must not be less than the min rule.';
  }
  return errors;
}

function parseRules(rules: readonly string[] | null | undefined): ParsedRules {
  const parsed: ParsedRules = {};
  for (const rule of rules ?? []) {
    const match = RULE.exec(rule);
    if (!match) continue;
    const [, name, argument] = match;
    if (name === 'regex') {
      const regex = compilePattern(argument!);
      if (regex) parsed.regex = regex;
    } else {
      const value = Number(argument);
      if (Number.isFinite(value)) parsed[name as 'min' | 'max'] = value;
    }
  }
  return parsed;
}

// ---------------------------------------------------------------- numbers

/** The plain decimal form of a finite number: no exponent, no `-0`, no trailing zeros. */
export function decimalString(value: number): string {
  if (Object.is(value, -0) || value === 0) return '0';
  const text = String(value);
  const exp = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!exp) return text;
  const [, sign, lead, fraction = '', power] = exp;
  const digits = lead! + fraction;
  const shift = Number(power);
  if (shift >= 0) return sign + digits + '0'.repeat(Math.max(0, shift - fraction.length));
  return `${sign}0.${'0'.repeat(-shift - 1)}${digits}`;
}

function realDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= days;
}

// ---------------------------------------------------------------- normalise

const fail = (message: string): NormaliseResult => ({ ok: false, message });
const pass = (stored: string): NormaliseResult => ({ ok: true, stored });

function listOf(options: readonly string[]): string {
  return options.join(', ');
}

function lengthChecks(def: ValueDefinition, value: string, rules: ParsedRules): NormaliseResult {
  const length = [...value].length;
  if (rules.min !== undefined && length < rules.min)
    return fail(`The ${def.label} must be at least ${rules.min} characters.`);
  if (rules.max !== undefined && length > rules.max)
    return fail(`The ${def.label} must not be greater than ${rules.max} characters.`);
  if (rules.regex && !rules.regex.test(value)) return fail(`The ${def.label} format is invalid.`);
  return pass(value);
}

/**
 * Validates one value sent in a product's `attributes` map and answers the string to store, or a
 * message naming the attribute's label. Strings are trimmed first; null, undefined and blank strings
 * are refused (removing a value is the caller's business).
 */
export function normaliseValue(def: ValueDefinition, input: unknown): NormaliseResult {
  const label = def.label;
  if (input === null || input === undefined) return fail(`The ${label} must have a value.`);
  const value = typeof input === 'string' ? input.trim() : input;
  if (value === '') return fail(`The ${label} must not be empty.`);
  const rules = parseRules(def.validation_rules);
  const options = def.options ?? [];

  switch (def.type) {
    case 'text': {
      if (typeof value !== 'string') return fail(`The ${label} must be a string.`);
      if (value.length > MAX_TEXT_LENGTH)
        return fail(`The ${label} must not be greater than ${MAX_TEXT_LENGTH} characters.`);
      return lengthChecks(def, value, rules);
    }
    case 'number': {
      let n: number;
      if (typeof value === 'number') n = value;
      else if (typeof value === 'string' && NUMERIC.test(value)) n = Number(value);
      else return fail(`The ${label} must be a number.`);
      if (!Number.isFinite(n)) return fail(`The ${label} must be a number.`);
      if (rules.min !== undefined && n < rules.min)
        return fail(`The ${label} must be at least ${decimalString(rules.min)}.`);
      if (rules.max !== undefined && n > rules.max)
        return fail(`The ${label} must not be greater than ${decimalString(rules.max)}.`);
      return pass(decimalString(n));
    }
    case 'boolean': {
      if (value === true || value === 1) return pass('1');
      if (value === false || value === 0) return pass('0');
      if (typeof value === 'string') {
        const word = value.toLowerCase();
        if (word === '1' || word === 'true') return pass('1');
        if (word === '0' || word === 'false') return pass('0');
      }
      return fail(`The ${label} must be true or false.`);
    }
    case 'date': {
      if (typeof value !== 'string' || !realDate(value))
        return fail(`The ${label} must be a valid date in the format YYYY-MM-DD.`);
      return pass(value);
    }
    case 'select': {
      if (typeof value !== 'string' || !options.includes(value))
        return fail(`The ${label} must be one of: ${listOf(options)}.`);
      return pass(value);
    }
    case 'multiselect': {
      if (!Array.isArray(value)) return fail(`The ${label} must be a list of: ${listOf(options)}.`);
      if (value.length === 0) return fail(`The ${label} must have at least one option selected.`);
      const items: string[] = [];
      for (const item of value) {
        const text = typeof item === 'string' ? item.trim() : item;
        if (typeof text !== 'string' || !options.includes(text))
          return fail(`The ${label} must only contain: ${listOf(options)}.`);
        if (items.includes(text)) return fail(`The ${label} must not contain "${text}" more than once.`);
        items.push(text);
      }
      if (rules.min !== undefined && items.length < rules.min)
        return fail(`The ${label} must have at least ${rules.min} options selected.`);
      if (rules.max !== undefined && items.length > rules.max)
        return fail(`The ${label} must not have more than ${rules.max} options selected.`);
      return pass(JSON.stringify(items));
    }
    case 'color': {
      if (typeof value !== 'string' || !HEX_COLOR.test(value))
        return fail(`The ${label} must be a hex color such as #1A2B3C or #ABC.`);
      const hex = value.slice(1).toUpperCase();
      return pass(`#${hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex}`);
    }
    case 'image': {
      if (typeof value !== 'string' || value.length > MAX_LINK_LENGTH || !isHttpUrlOrPath(value)) {
        return fail(`The ${label} must be ${HTTP_URL_OR_PATH_RULE}, at most ${MAX_LINK_LENGTH} characters.`);
      }
      return lengthChecks(def, value, rules);
    }
    case 'url': {
      if (typeof value !== 'string' || value.length > MAX_LINK_LENGTH || !isHttpUrl(value)) {
        return fail(`The ${label} must be a valid http or https URL.`);
      }
      return lengthChecks(def, value, rules);
    }
    case 'email': {
      if (typeof value !== 'string' || value.length > MAX_EMAIL_LENGTH || !EMAIL.test(value))
        return fail(`The ${label} must be a valid email address.`);
      return lengthChecks(def, value, rules);
    }
    case 'phone': {
      if (typeof value !== 'string' || !PHONE.test(value) || !/\d/.test(value)) {
        return fail(`The ${label} must be a phone number of 5 to 30 characters: digits, spaces and + - ( ) .`);
      }
      return lengthChecks(def, value, rules);
    }
    case 'json': {
      // JSON.stringify recurses: past a few thousand levels it would run out of stack.
      if (nestsDeeperThan(input, MAX_NESTING_DEPTH))
        return fail(`The ${label} must not nest objects and arrays more than ${MAX_NESTING_DEPTH} levels deep.`);
      const stored = JSON.stringify(input);
      if (stored === undefined) return fail(`The ${label} must be a JSON value.`);
      if (stored.length > MAX_TEXT_LENGTH)
        return fail(`The ${label} must not be greater than ${MAX_TEXT_LENGTH} characters as JSON.`);
      return pass(stored);
    }
  }
}

// ---------------------------------------------------------------- stored -> typed, formatted, display

function parseJson(stored: string): unknown {
  try {
    return JSON.parse(stored);
  } catch {
    return stored;
  }
}

/** The typed value of a stored string: number, boolean, string[] for multiselect, parsed JSON, else the string. */
export function parseStored(def: ValueDefinition, stored: string): unknown {
  switch (def.type) {
    case 'number': {
      const n = Number(stored);
      return Number.isFinite(n) && stored.trim() !== '' ? n : stored;
    }
    case 'boolean':
      return stored === '1' || stored.toLowerCase() === 'true';
    case 'multiselect': {
      const list = parseJson(stored);
      return Array.isArray(list) ? list.map(String) : [stored];
    }
    case 'json':
      return parseJson(stored);
    default:
      return stored;
  }
}

/** The plain form: a number without its unit, Yes/No, a comma-joined list; JSON and text as stored. */
export function displayValue(def: ValueDefinition, stored: string): string {
  switch (def.type) {
    case 'number': {
      const n = parseStored(def, stored);
      return typeof n === 'number' ? decimalString(n) : stored;
    }
    case 'boolean':
      return parseStored(def, stored) ? 'Yes' : 'No';
    case 'multiselect':
      return (parseStored(def, stored) as string[]).join(', ');
    default:
      return stored;
  }
}

/** The formatted form: the display form, with the unit after a number (`12.5 kg`). */
export function formatValue(def: ValueDefinition, stored: string): string {
  const plain = displayValue(def, stored);
  return def.type === 'number' && def.unit ? `${plain} ${def.unit}` : plain;
}
