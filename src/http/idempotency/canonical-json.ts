// The text a request body is fingerprinted by: RFC 8785 (the JSON Canonicalization Scheme) through `canonicalize`.
import canonicalize from 'canonicalize';

/**
 * RFC 8785's text of `value`: object keys sorted by UTF-16 code units at every depth, strings and numbers as
 * ECMAScript writes them, members without a JSON value (undefined) left out. Equal bodies give equal text
 * whatever their key order and spacing. Throws on a string that is not well-formed UTF-16 (an unpaired
 * surrogate), which the scheme has no text for.
 */
export function canonicalJson(value: unknown): string {
  return canonicalize(value) ?? 'null';
}
