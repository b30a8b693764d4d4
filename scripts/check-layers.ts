// `npm run lint:layers`: SQL only where docs/architecture.md allows it, writes to a table only from the
// module that owns it (src/db/table-owners.ts), and a module's repositories used only by that module and the
// wiring. Reads the TypeScript syntax tree of every source file under src/,
// so a method name inside a string or a comment is not taken for a query.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { SHARED_WRITERS, TABLE_OWNERS } from '../src/db/table-owners.js';

export interface Violation {
  file: string;
  line: number;
  message: string;
}

/** The Kysely calls that start a statement. */
const STATEMENTS = new Set([
  'selectFrom',
  'selectNoFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
]);
const WRITES = new Set(['insertInto', 'replaceInto', 'updateTable', 'deleteFrom', 'mergeInto']);

type Place = 'db' | 'repository' | 'fragment' | 'other';

function placeOf(file: string): Place {
  if (file.startsWith('src/db/')) return 'db';
  if (file.endsWith('.repository.ts')) return 'repository';
  if (file.endsWith('.sql.ts')) return 'fragment';
  return 'other';
}

/** Whether `file` (a path under src/) lies in the module folder `module` (relative to src/). */
function inModule(file: string, module: string): boolean {
  return file.startsWith(`src/${module}/`);
}

/** The files that build the services and may hand a repository to the module that uses it. */
function isWiring(file: string): boolean {
  return file === 'src/services.ts' || file === 'src/worker.ts' || file.startsWith('src/cli/');
}

/**
 * The module a repository file belongs to: the module that owns tables (src/db/table-owners.ts) and holds the
 * file, else the file's folder.
 */
function moduleOfRepository(file: string): string {
  const owners = [...new Set(Object.values(TABLE_OWNERS))].filter((module) => inModule(file, module));
  const longest = owners.sort((a, b) => b.length - a.length)[0];
  return longest ?? path.posix.dirname(file).slice('src/'.length);
}

function mayWrite(file: string, table: string): boolean {
  const owner = (TABLE_OWNERS as Record<string, string>)[table];
  const shared = (SHARED_WRITERS as Record<string, readonly string[] | undefined>)[table] ?? [];
  return [owner, ...shared].some((module) => module !== undefined && inModule(file, module));
}

/** The local names under which a file imports Kysely's `sql` tag. */
function sqlNames(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (statement.moduleSpecifier.text !== 'kysely') continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      if ((element.propertyName ?? element.name).text === 'sql' && !element.isTypeOnly) names.add(element.name.text);
    }
  }
  return names;
}

/**
 * The violations in one file. `file` is its path from the repository's root with forward slashes
 * (`src/modules/…`); test files and files outside src/ answer none.
 */
export function checkSource(file: string, text: string): Violation[] {
  if (!file.startsWith('src/') || file.endsWith('.test.ts') || file.endsWith('.d.ts')) return [];
  const place = placeOf(file);
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const sql = sqlNames(source);
  const violations: Violation[] = [];
  const report = (node: ts.Node, message: string): void => {
    violations.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, message });
  };

  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const specifier = statement.moduleSpecifier.text;
    if (!specifier.startsWith('.') || !specifier.endsWith('.repository.js') || isWiring(file)) continue;
    const target = path.posix.join(path.posix.dirname(file), specifier.replace(/\.js$/, '.ts'));
    const module = moduleOfRepository(target);
    if (inModule(file, module)) continue;
    const bindings = statement.importClause?.namedBindings;
    const names = bindings && ts.isNamedImports(bindings) ? bindings.elements.map((element) => element.name.text) : [];
    // Its row types may be named elsewhere (a variant is a product row); the repository itself may not.
    for (const name of names.filter((n) => n.endsWith('Repository'))) {
      report(statement, `${name} belongs to src/${module}: call that module's service instead`);
    }
  }

  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      if (STATEMENTS.has(method) && place !== 'db' && place !== 'repository') {
        report(
          node,
          `${method}() outside a repository: move the query to the *.repository.ts of the module that owns the table`,
        );
      }
      if (WRITES.has(method) && place !== 'db') {
        const [target] = node.arguments;
        if (target === undefined || !ts.isStringLiteralLike(target)) {
          report(
            node,
            `${method}() of a table named at run time: name the table literally so that its owner can be checked`,
          );
        } else {
          const table = target.text.split(/\s+as\s+/i)[0]!.trim();
          if (!(table in TABLE_OWNERS))
            report(node, `${method}('${table}'): the table is missing from src/db/table-owners.ts`);
          else if (!mayWrite(file, table)) {
            report(
              node,
              `${method}('${table}'): only src/${TABLE_OWNERS[table as keyof typeof TABLE_OWNERS]} writes this table; call its service`,
            );
          }
        }
      }
    }
    if (place === 'other' && sql.size > 0) {
      if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && sql.has(node.tag.text)) {
        report(node, 'raw sql`…` outside a repository: move it to the repository, or to a *.sql.ts fragment file');
      } else if (
        ts.isPropertyAccessExpression(node) &&
        ts.isIdentifier(node.expression) &&
        sql.has(node.expression.text)
      ) {
        report(
          node,
          `sql.${node.name.text}() outside a repository: move it to the repository, or to a *.sql.ts fragment file`,
        );
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return violations;
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** The violations in every source file under `root`/src. */
export function checkTree(root: string): Violation[] {
  return sourceFiles(path.join(root, 'src')).flatMap((full) => {
    const file = path.relative(root, full).split(path.sep).join('/');
    return checkSource(file, fs.readFileSync(full, 'utf8'));
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const violations = checkTree(path.resolve(import.meta.dirname, '..'));
  for (const v of violations) process.stderr.write(`${v.file}:${v.line}  ${v.message}\n`);
  if (violations.length > 0) {
    process.stderr.write(`${violations.length} layer violation(s); the rules are in docs/architecture.md\n`);
    process.exitCode = 1;
  }
}
