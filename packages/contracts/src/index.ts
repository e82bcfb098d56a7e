export * from './codes.js';
export * from './fields.js';
export * from './menu.js';
export * from './system.js';
export * from './user.js';
export * from './version.js';
export * from './conversation.js';
