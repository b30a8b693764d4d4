import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REQUIRED_NODE_MAJOR, unsupportedNodeMessage } from './node-version.js';

describe('unsupportedNodeMessage', () => {
  it('accepts Node.js 24 and later', () => {
    expect(unsupportedNodeMessage('24.0.0')).toBeNull();
    expect(unsupportedNodeMessage('24.21.0')).toBeNull();
    expect(unsupportedNodeMessage('26.10.0')).toBeNull();
  });

  it('names the version needed, the one running, and the Node.js the project installs', () => {
    const message = unsupportedNodeMessage('22.19.0');
    expect(message).toContain('needs Node.js 24 or later; this is Node.js 22.19.0.');
    expect(message).toContain('node_modules/.bin/node dist/cli.js');
    expect(message).toContain('npm run -s cli');
    expect(unsupportedNodeMessage('20.20.2')).toContain('this is Node.js 20.20.2.');
  });

  it('requires what package.json engines.node says', () => {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      engines: { node: string };
    };
    expect(manifest.engines.node).toBe(`>=${REQUIRED_NODE_MAJOR}`);
  });
});
