export * from './common.js';
export * from './group.js';
export * from './guide.js';
export * from './invoice.js';
export * from './person.js';
export * from './rates.js';
export * from './taxpayer.js';
export * from './vehicle.js';
