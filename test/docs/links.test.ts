// Every relative link of the project's documents leads somewhere: the file exists and, where the link names an
// #anchor in a markdown file, that file has a heading with that anchor. Documents are moved and split; a link
// left pointing at the old place would otherwise only be found by a reader.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : markdownFiles(full);
    return entry.name.endsWith('.md') ? [full] : [];
  });
}

/** What links are checked: the root's documents, and every document under docs/ and bench/. */
function documents(): string[] {
  const roots = ['README.md', 'CONTRIBUTING.md']
    .map((name) => path.join(ROOT, name))
    .filter((file) => existsSync(file));
  return [...roots, ...markdownFiles(path.join(ROOT, 'docs')), ...markdownFiles(path.join(ROOT, 'bench'))];
}

/** Text outside fenced code blocks and inline code spans, where a link is a link. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor of a heading: lower case, punctuation removed, each space a hyphen. */
function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a markdown file's headings make; a repeated heading gets -1, -2… as on GitHub. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const match of markdown
    .replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')
    .matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(match[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

interface Link {
  file: string;
  target: string;
}

function relativeLinks(file: string): Link[] {
  const links: Link[] = [];
  for (const match of prose(readFileSync(file, 'utf8')).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    const target = match[1]!;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
    links.push({ file, target });
  }
  return links;
}

/** Why a link is broken, or null when it leads somewhere. */
function brokenReason({ file, target }: Link): string | null {
  const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
  const destination = pathPart === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(pathPart));
  if (!existsSync(destination)) return 'no such file';
  if (anchor === undefined || anchor === '') return null;
  if (statSync(destination).isDirectory() || !destination.endsWith('.md'))
    return 'an anchor on a file that is not markdown';
  return anchors(readFileSync(destination, 'utf8')).has(decodeURIComponent(anchor).toLowerCase())
    ? null
    : 'no such heading';
}

describe('links between documents', () => {
  it('makes anchors as GitHub does', () => {
    expect(slug('Sessions, CSRF and two-factor')).toBe('sessions-csrf-and-two-factor');
    expect(slug('Catalog taxonomy: shared rules')).toBe('catalog-taxonomy-shared-rules');
    expect(slug('PostgreSQL timestamps without `Date`, paired')).toBe('postgresql-timestamps-without-date-paired');
    expect(slug('Node.js 20 → 24, paired')).toBe('nodejs-20--24-paired');
    expect([...anchors('# A\n\n## A\n\n```\n# not a heading\n```\n')]).toEqual(['a', 'a-1']);
  });

  it('finds the links to check and leaves out external ones and code', () => {
    const dir = path.join(ROOT, 'docs');
    const file = path.join(dir, 'example.md');
    const text = '[a](b.md#c) [web](https://example.com) `[x](y.md)`\n```\n[z](w.md)\n```\n';
    expect(prose(text)).not.toContain('y.md');
    expect([...prose(text).matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1])).toEqual([
      'b.md#c',
      'https://example.com',
    ]);
    expect(brokenReason({ file, target: 'architecture.md#adding-an-entity' })).toBeNull();
    expect(brokenReason({ file, target: 'architecture.md#no-such-part' })).toBe('no such heading');
    expect(brokenReason({ file, target: 'no-such-file.md' })).toBe('no such file');
  });

  it('every relative link of README.md, CONTRIBUTING.md, docs/ and bench/ leads to a file and a heading', () => {
    const files = documents();
    expect(files.length).toBeGreaterThan(20);
    const broken = files
      .flatMap(relativeLinks)
      .map((link) => ({ link, reason: brokenReason(link) }))
      .filter(({ reason }) => reason !== null)
      .map(({ link, reason }) => `${path.relative(ROOT, link.file)}: ${link.target} (${reason})`);
    expect(broken).toEqual([]);
  });
});
