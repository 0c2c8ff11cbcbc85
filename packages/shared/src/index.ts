export * from './domain/scopes.ts';
export * from './domain/scoring.ts';
export * from './domain/slug.ts';
export * from './errors.ts';
export * from './i18n/messages.ts';
export * from './routes.ts';
export * from './schemas/auth.ts';
export * from './schemas/common.ts';
export * as rules from './schemas/rules.ts';
