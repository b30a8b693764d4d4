// The Node.js the project runs on (package.json `engines.node`), checked before anything else loads.

export const REQUIRED_NODE_MAJOR = 24;

/** Why the CLI cannot run on Node.js `version` (as in `process.versions.node`), or null when it can. */
export function unsupportedNodeMessage(version: string): string | null {
  const major = Number(version.split('.')[0]);
  if (major >= REQUIRED_NODE_MAJOR) return null;
  return [
    `Quartermaster needs Node.js ${REQUIRED_NODE_MAJOR} or later; this is Node.js ${version}.`,
    `npm ci installs Node.js ${REQUIRED_NODE_MAJOR} into the project as node_modules/.bin/node, which \`npm run -s cli -- <command>\` uses;`,
    `run \`node_modules/.bin/node dist/cli.js <command>\` to use it directly. With your own Node.js ${REQUIRED_NODE_MAJOR}, put it first on your PATH.`,
    'See docs/runtime.md.',
  ].join('\n');
}
