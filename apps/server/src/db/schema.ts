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
export * from './schema/edit-profile';
export * from './schema/terminology';
export * from './schema/health-history';
export * from './schema/files';
export * from './schema/care-team';
export * from './schema/pharmacies';
export * from './schema/clinical-documents';
export * from './schema/health-records';
export * from './schema/reminders';
export * from './schema/consents';
export * from './schema/messages';
export * from './schema/health-apps';
export * from './schema/clinical-record';
export * from './schema/patient-revision';
