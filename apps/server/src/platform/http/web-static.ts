import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves the built web app; unknown non-API GETs answer `index.html` so client routes work on reload. */
export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<boolean> {
  if (!fs.existsSync(path.join(webDist, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    setHeaders: (reply, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.decorate('sendSpaIndex', (reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'));
  app.get('/', { config: { access: 'public' } }, (_request, reply) => app.sendSpaIndex(reply));
  return true;
}
