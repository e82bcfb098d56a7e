export { ROTATED_TOKEN_HEADER, TOKEN_HEADER, type Access, type Authenticator } from './auth.js';
export { ok, fail, OK_MSG } from './envelope.js';
export { installErrorHandling } from './error-handler.js';
export { route, type RouteContext, type RouteOptions } from './route.js';
export { acceptEmptyJsonBodies } from './json-body.js';
export { serveWebApp } from './web-static.js';
