// Writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file of the build, once, at the highest
// quality: the server sends them to a browser that accepts them (src/http/console.ts, `preCompressed`) and so
// spends no time compressing the console while serving it. node:zlib only, no plugin to install.
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/** The files worth compressing: the page, scripts, styles, SVG and JSON. Source maps are left out (see below). */
export const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt)$/;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function compressFile(file: string): Promise<void> {
  const content = await fs.promises.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy that saves nothing (a file of a few bytes) is not written: the server then sends the file itself.
  if (br.length < content.length) await fs.promises.writeFile(`${file}.br`, br);
  if (gz.length < content.length) await fs.promises.writeFile(`${file}.gz`, gz);
}

/**
 * Compresses the files of the build once they are written. Source maps (a few MB, fetched only by a developer's
 * tools) are not: brotli's highest quality would add seconds to every build for files no user downloads; the
 * server compresses them on the fly if they are ever asked for.
 */
export function precompress(): Plugin {
  return {
    name: 'quartermaster:precompress',
    apply: 'build',
    async writeBundle(output, bundle) {
      const directory = output.dir;
      if (!directory) return;
      const files = Object.keys(bundle)
        .filter((name) => COMPRESSIBLE.test(name) && !name.startsWith('.vite/'))
        .map((name) => path.join(directory, name));
      await Promise.all(files.map(compressFile));
    },
  };
}
