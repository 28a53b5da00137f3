import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w services/sync` writes a new migration from the schema; main.ts applies them.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/data-access/schema.ts',
  out: './src/data-access/drizzle',
  migrations: { table: '__drizzle_migrations_sync', schema: 'drizzle' },
});
