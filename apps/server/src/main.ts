import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { collectGarbageWhenIdle } from './platform/http/index.js';
import { openPglite, openPostgres, type Database } from './platform/db/index.js';
import { segmentWords } from './platform/documents/index.js';

const SHUTDOWN_TIMEOUT_MS = 10_000;

/**
 * V8 lets the old generation grow to up to four times what survived the last full collection before it
 * collects again; under sustained load the requests' short-lived objects that outlive two scavenges pile
 * up there (the soak benchmark's JavaScript heap went 100 → 245 MB and back). Growing by at most 30% keeps
 * it within ~25 MB of the live size at the cost of more frequent (concurrent) full collections
 * (docs/decisions/pglite-memory.md). V8 reads this flag at every collection, so setting it here at start
 * holds however the server is started (npm start, node dist/main.js, the benchmarks); a value given on
 * node's command line wins (`--heap-growing-percent=0` is V8's own growth).
 */
if (!process.execArgv.some((flag) => flag.startsWith('--heap-growing-percent'))) v8.setFlagsFromString('--heap-growing-percent=30');

async function openDatabase(config: ReturnType<typeof loadConfig>, onError: (error: Error) => void): Promise<Database> {
  if (config.DATABASE_URL) return openPostgres(config.DATABASE_URL, config.DATABASE_POOL_SIZE, onError);
  return openPglite({ dataDir: path.join(config.dataDir, 'pglite') });
}

/** The built web app sits beside the server package in the workspace: apps/web/dist. */
function defaultWebDist(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  return path.resolve(here, '../../web/dist');
}

async function main(): Promise<void> {
  const config = loadConfig();
  config.WEB_DIST ??= defaultWebDist();
  const database = await openDatabase(config, (error) => console.error('database pool error', error));
  const app = await buildApp({ config, database });
  collectGarbageWhenIdle(app);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.HOST, port: config.PORT });
  // jieba's dictionary (~0.3 s to build) is read on first use, so that threads which never cut hold none
  // of it; the server's own thread cuts every search and small upload, so it builds it once it is up.
  setImmediate(() => segmentWords(''));
  app.log.info(`大模型智能体平台已启动：http://localhost:${config.PORT}（数据库：${database.dialect}）`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
