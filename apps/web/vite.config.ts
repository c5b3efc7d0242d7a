/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './vite-precompress';

const LAZY_SONNER = fileURLToPath(new URL('./src/lib/lazy-sonner.tsx', import.meta.url));

/**
 * In the build, `import … from 'sonner'` resolves to src/lib/lazy-sonner.tsx, which loads the
 * real sonner after the first paint (decision 034); only that file reaches the real package. Dev
 * and unit tests (which mock 'sonner') use sonner directly.
 */
function lazySonner(): Plugin {
  return {
    name: 'kaleido-lazy-sonner',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'sonner' && importer !== LAZY_SONNER) return LAZY_SONNER;
      return null;
    },
  };
}

export default defineConfig({
  plugins: [lazySonner(), react(), tailwindcss(), precompress()],
  build: {
    manifest: true,
  },
  server: {
    // `npm run dev`: the API and realtime socket come from the server on :3000.
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', ws: true },
      '/dev': 'http://127.0.0.1:3000',
    },
  },
  test: {
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['src/test/setup.ts'],
  },
});
