import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Paths with a file extension are files: a missing one is a 404, never the app's index.html. */
const looksLikeFile = (url: string) => /\.[a-z0-9]+$/i.test(url.split('?')[0] ?? '');

/**
 * Serves the built web app (pre-compressed `.br`/`.gz` where the build wrote them). Unknown GETs
 * outside the API answer `index.html`, so client routes survive a reload.
 */
export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: true,
    preCompressed: true,
    index: false,
    setHeaders: (reply, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.decorate('sendSpaIndex', (request: FastifyRequest, reply: FastifyReply) => {
    if (looksLikeFile(request.url)) return undefined;
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  app.get('/', { config: { access: 'public' } }, (request, reply) => app.sendSpaIndex(request, reply));
  return true;
}
