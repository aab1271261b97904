import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` (drizzle-kit generate): SQL migrations from the schema, committed and applied at start. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
