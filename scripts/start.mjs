// `npm start`: install if needed, build if the sources changed since the last build, then serve.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, ensureDependencies, newestMtime, run } from './lib.mjs';

ensureDependencies();

const buildMarker = path.join(ROOT, 'apps/server/dist/build-info.json');
const sources = ['apps/server/src', 'apps/server/drizzle', 'apps/web/src', 'apps/web/index.html', 'packages/contracts/src'];
const sourceTime = Math.max(...sources.map((source) => newestMtime(path.join(ROOT, source))));
if (!fs.existsSync(buildMarker) || fs.statSync(buildMarker).mtimeMs < sourceTime) {
  run('node', ['scripts/build.mjs']);
}

const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production', DATA_DIR: path.resolve(ROOT, process.env.DATA_DIR ?? 'data') };
const { spawn } = await import('node:child_process');
const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], { cwd: ROOT, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
