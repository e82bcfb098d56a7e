export { createSharedCache, type SharedCache } from './shared-cache.js';
