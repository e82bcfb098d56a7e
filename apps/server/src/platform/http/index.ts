export { AppError, badInput, forbidden, notFound } from './app-error.js';
export { ROTATED_TOKEN_HEADER, TOKEN_HEADER, type Access, type AuthUser, type Authenticator } from './auth.js';
export { ok, fail, OK_MSG } from './envelope.js';
export { installErrorHandling } from './error-handler.js';
export { route, type RouteContext, type RouteOptions } from './route.js';
export { parseInput, describeIssues } from './validation.js';
export { acceptEmptyJsonBodies } from './json-body.js';
export { serveWebApp } from './web-static.js';
export { canEdit, canSee, isAdmin, requireEditable, requireVisible, visibleWhere, type Owned, type Viewer } from './visibility.js';
