/**
 * Drizzle's view of the tables, one file per area under ./schema. The SQL in apps/server/migrations
 * is the source of truth for the database; these files must describe the same columns (the migration
 * test compares them).
 */
export * from './schema/core';
export * from './schema/mail';
export * from './schema/account-tokens';
export * from './schema/account';
export * from './schema/two-step';
export * from './schema/session';
