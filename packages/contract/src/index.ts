export * from './constants.js';
export * from './domain.js';
export * from './errors.js';
export * from './money.js';
export * from './report-totals.js';
export * from './schemas.js';
export * from './back-office.js';
export * from './back-office-vocabulary.js';
