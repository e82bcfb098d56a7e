import type { FastifyInstance } from 'fastify';

/** Fastify's JSON parser (prototype-poisoning safe), except that an empty body means "no payload". */
export function acceptEmptyJsonBodies(app: FastifyInstance, bodyLimit: number): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit }, (request, body, done) => {
    if (body.toString().trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, body.toString(), done);
  });
}
