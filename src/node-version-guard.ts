// Imported first by the CLI, so that it runs before any library is loaded: on an older Node.js some of them fail
// while loading, with a stack trace of their own (undici needs zlib's zstd decompressor, which Node.js 20 lacks).
import { unsupportedNodeMessage } from './lib/node-version.js';

const unsupported = unsupportedNodeMessage(process.versions.node);
if (unsupported) {
  process.stderr.write(`Error: ${unsupported}\n`);
  process.exit(1);
}
