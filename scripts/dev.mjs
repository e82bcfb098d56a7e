// `npm run dev`: the server with reload (tsx watch, :8080) and the Vite dev server (:5173) side by side.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, ensureDependencies } from './lib.mjs';

ensureDependencies();
const env = { ...process.env, DATA_DIR: path.resolve(ROOT, process.env.DATA_DIR ?? 'data'), WEB_DIST: '' };
const children = [
  spawn('npx', ['tsx', 'watch', 'src/main.ts'], { cwd: path.join(ROOT, 'apps/server'), stdio: 'inherit', env }),
  spawn('npx', ['vite'], { cwd: path.join(ROOT, 'apps/web'), stdio: 'inherit', env: process.env }),
];
const stopAll = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
for (const child of children)
  child.on('exit', (code) => {
    stopAll();
    process.exitCode = code ?? 0;
  });
