export { ROTATED_TOKEN_HEADER, type Access } from './auth.js';
export { ok, fail, OK_MSG } from './envelope.js';
export { installErrorHandling } from './error-handler.js';
export { declaredRoutes, findCaller, route, type DeclaredRoute, type RouteContext, type RouteOptions } from './route.js';
export { acceptEmptyJsonBodies } from './json-body.js';
export { installMultipart, withUploadParts } from './multipart.js';
export { serveWebApp } from './web-static.js';
export { installSecurityHeaders, CONTENT_SECURITY_POLICY, EMBED_CONTENT_SECURITY_POLICY } from './security-headers.js';
export { contentDisposition, downloadSink } from './send-download.js';
