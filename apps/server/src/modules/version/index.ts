export { readBuildInfo } from './build-info.js';
export { versionRoutes } from './version.routes.js';
