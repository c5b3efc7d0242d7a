import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
const TEXT_ASSET = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

/**
 * Writes `.br` and `.gz` beside every text asset of the build, at the highest levels (done once
 * here, never per request), so the server sends them as they are (`preCompressed` in
 * apps/server/src/http/spa.ts): the main bundle goes from ~300 KB to ~80 KB on the wire.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'kaleido-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/')
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    async closeBundle() {
      for await (const path of filesUnder(outDir)) {
        if (!TEXT_ASSET.test(path) || (await stat(path)).size < MIN_BYTES) continue;
        const content = await readFile(path);
        await writeFile(
          `${path}.br`,
          await brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        await writeFile(`${path}.gz`, await gzipped(content, { level: 9 }));
      }
    },
  };
}
