/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    manifest: true,
    rolldownOptions: {
      output: {
        // zod comes only with the shared schemas the signed-in shell uses; keep it in its own
        // chunk so the bundler cannot fold it into a chunk that `/` or `/login` loads.
        codeSplitting: { groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]/ }] },
      },
    },
  },
  server: {
    // `npm run dev`: the API and realtime socket come from the server on :3000.
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', ws: true },
      '/dev': 'http://127.0.0.1:3000',
    },
  },
  test: { include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom' },
});
