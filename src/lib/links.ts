// Which text the API keeps as a link (images, brands' logo and website, `url` and `image` attributes): text that
// a browser, a mail client or a spreadsheet given it can only fetch over the web, never run. Stored links go out
// in answers, webhooks and exports, where a `javascript:` or `data:` link would run in whatever page shows it.

/** The longest link kept: longer ones are refused, never cut. */
export const MAX_LINK_LENGTH = 2048;

/** What each rule takes, in words, for the messages that refuse a value (`The logo url field must be …`). */
export const HTTP_URL_RULE = 'an http or https URL with a host (no spaces)';
export const HTTP_URL_OR_PATH_RULE = 'an http or https URL or a relative path (no other scheme, no spaces)';

// Browsers drop tabs and line breaks anywhere in a link and spaces and control characters around it before they
// read its scheme (` java\tscript:`), and read a backslash as a slash (`\\host`); a URL writes all of them
// percent-encoded, so none of them belongs in one.
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const UNSAFE_CHARACTER = /[\s\u0000-\u001f\u007f-\u009f\\]/u;
const HTTP_SCHEME = /^https?:\/\/[^/?#]/i;
// A scheme is whatever comes before a colon in the first segment: `JaVaScRiPt:`, `data:`, `mailto:`, `asset:`.
const SCHEME = /^[^/?#]*:/;

/** An absolute http or https URL with a host, in any case (`HTTPS://`), without spaces or control characters. */
export function isHttpUrl(text: string): boolean {
  if (UNSAFE_CHARACTER.test(text) || !HTTP_SCHEME.test(text)) return false;
  try {
    return new URL(text).hostname !== '';
  } catch {
    return false;
  }
}

/**
 * An http or https URL as `isHttpUrl` takes it, or a relative path or name (`/media/a.jpg`, `a.jpg`): no scheme
 * at all, and not `//host/…`, which a browser reads as another host under the page's own scheme.
 */
export function isHttpUrlOrPath(text: string): boolean {
  if (isHttpUrl(text)) return true;
  return text !== '' && !UNSAFE_CHARACTER.test(text) && !SCHEME.test(text) && !text.startsWith('//');
}
