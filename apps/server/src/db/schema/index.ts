export * from './audit.ts';
export * from './companies.ts';
export * from './company-bookings.ts';
export * from './item-analysis.ts';
export * from './payments.ts';
export * from './seminars.ts';
export * from './tests.ts';
export * from './users.ts';
