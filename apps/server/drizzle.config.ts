import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the schema files and committed; the server applies them at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/server/src/db/schema/*.ts',
  out: './apps/server/src/db/migrations',
});
