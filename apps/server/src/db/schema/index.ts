export * from './companies.ts';
export * from './seminars.ts';
export * from './users.ts';
