// Builds everything `npm start` serves: build info, the server bundle and the web app.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { ROOT, run } from './lib.mjs';

function git(...args) {
  try {
    return (
      execFileSync('git', args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim() || null
    );
  } catch {
    return null;
  }
}

const buildTime = new Date();
const buildInfo = {
  id: `${buildTime.getTime().toString(36)}-${randomBytes(4).toString('hex')}`,
  buildTime: buildTime.toISOString(),
  gitCommit: git('rev-parse', 'HEAD'),
  gitBranch: git('rev-parse', '--abbrev-ref', 'HEAD'),
};

const serverDir = path.join(ROOT, 'apps/server');
const serverDist = path.join(serverDir, 'dist');
fs.rmSync(serverDist, { recursive: true, force: true });

// Workspace packages are TypeScript source: bundle them in; every other package stays in node_modules.
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@agent-platform/') ? undefined : { external: true }));
  },
};

console.log('› 构建服务端');
await esbuild.build({
  // The document worker is its own entry: the pool starts dist/document-worker.js beside main.js.
  entryPoints: {
    main: path.join(serverDir, 'src/main.ts'),
    'document-worker': path.join(serverDir, 'src/platform/documents/document-worker.ts'),
  },
  outdir: serverDist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
});

// `--server-only`: the benchmarks need the server bundle alone.
if (!process.argv.includes('--server-only')) {
  console.log('› 构建前端');
  run('npm', ['run', 'build', '-w', 'apps/web'], { env: { ...process.env, BUILD_ID: buildInfo.id } });
}

// Written last: its presence means the build finished.
fs.writeFileSync(path.join(serverDist, 'build-info.json'), `${JSON.stringify(buildInfo, null, 2)}\n`);
console.log(`✓ 构建完成：${buildInfo.id}`);
