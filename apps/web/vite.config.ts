/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress';

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
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
