// Bundles the server into dist/main.js (our code and @kaleido/shared inlined, npm packages left
// as imports), the recogniser's child process into dist/pocketsphinx-worker.js beside it (where
// speech/pocketsphinx-child.ts forks it), the PDF worker thread into dist/pdf-worker.js (where
// pdf/pdf-renderer.ts starts it), and copies the migrations beside them, where
// db/client.ts looks for them. `node build.mjs <dir>` writes to <dir> instead of dist (the process
// tests build the server they start this way: test/process/server-build.ts).
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const outdir = process.argv[2] ?? 'dist';
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    main: 'src/main.ts',
    cli: 'src/cli/main.ts',
    'pocketsphinx-worker': 'src/modules/speech/pocketsphinx-worker.ts',
    'pdf-worker': 'src/pdf/pdf-worker.mjs',
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        // Every bare import except our own workspace stays external (resolved from node_modules).
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@kaleido/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
cpSync('src/db/migrations', `${outdir}/migrations`, { recursive: true });
