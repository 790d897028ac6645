export * from './i18n/en';
export * from './rules';
export * from './errors';
export * from './auth';
export * from './patient';
export * from './integration';
export * from './routes';
export * from './system';
