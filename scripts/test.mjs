// `npm test`: every check and test the project has, in order; exits non-zero if any failed.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { ROOT, ensureDependencies } from './lib.mjs';

const CHROMIUM = '/usr/bin/chromium';

/** Browser tests use Debian's Chromium (never a downloaded browser) and CJK fonts for screenshots. */
function ensureChromium() {
  if (fs.existsSync(CHROMIUM) && fs.existsSync('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc')) return;
  if (process.getuid?.() !== 0) {
    throw new Error('浏览器测试需要 Debian 的 chromium 与 fonts-noto-cjk：sudo apt-get install -y chromium fonts-noto-cjk');
  }
  console.log('› 安装 chromium 与 fonts-noto-cjk（apt-get）');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} 失败`);
  }
}

const step = (title, command, args, cwd) => ({ title, command, args, cwd });
const typecheck = step('类型检查', 'npm', ['run', 'typecheck']);
const lint = step('代码规范', 'npm', ['run', 'lint']);
const format = step('代码格式', 'npm', ['run', 'format:check']);
const imports = step('模块边界', 'npm', ['run', 'check:imports']);
const unused = step('未使用的代码与依赖（knip）', 'npm', ['run', 'check:unused']);
const serverTests = step('服务端测试（单元 + PGlite + PostgreSQL）', 'npx', ['vitest', 'run'], 'apps/server');
const webTests = step('前端组件测试', 'npx', ['vitest', 'run'], 'apps/web');
const build = step('生产构建', 'npm', ['run', 'build']);
const browserTests = step('端到端测试（Chromium）', 'npx', ['playwright', 'test'], 'e2e');

/**
 * Stages run in order. A stage's lanes run at the same time (each lane's steps one after another):
 * the static checks are single-threaded, so two lanes keep both cores of a small machine busy; the web
 * tests and the build run beside the server tests. The browser tests run alone: beside the server
 * tests (which would save ~5 minutes) two of them lost races in two full runs.
 */
const stages = [[[typecheck], [lint, format, imports, unused]], [[serverTests], [webTests, build]], [[browserTests]]];
const order = [typecheck, lint, format, imports, unused, serverTests, webTests, build, browserTests];

/** Runs one step; alone it prints as it goes, beside others its output is printed whole when it ends. */
function runStep({ title, command, args, cwd }, live) {
  return new Promise((resolve) => {
    if (live) console.log(`\n━━ ${title} ━━`);
    const started = Date.now();
    const output = [];
    const child = spawn(command, args, {
      cwd: cwd ? `${ROOT}/${cwd}` : ROOT,
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    let finished = false;
    const finish = (ok) => {
      if (finished) return;
      finished = true;
      if (!live) {
        console.log(`\n━━ ${title} ━━`);
        process.stdout.write(Buffer.concat(output));
      }
      resolve({ title, ok, seconds: ((Date.now() - started) / 1000).toFixed(1) });
    };
    child.on('error', (error) => {
      output.push(Buffer.from(`${error.message}\n`));
      finish(false);
    });
    child.on('close', (code) => finish(code === 0));
  });
}

ensureDependencies();
ensureChromium();

const results = new Map();
const started = Date.now();
for (const lanes of stages) {
  const live = lanes.length === 1;
  await Promise.all(
    lanes.map(async (lane) => {
      for (const current of lane) results.set(current, await runStep(current, live));
    }),
  );
}

console.log('\n━━ 汇总 ━━');
for (const { title, ok, seconds } of order.map((current) => results.get(current))) console.log(`${ok ? '✓' : '✗'} ${title}（${seconds} 秒）`);
const failed = order.filter((current) => !results.get(current).ok).length;
console.log(`总用时 ${((Date.now() - started) / 1000).toFixed(0)} 秒`);
console.log(`steps: ${order.length - failed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
