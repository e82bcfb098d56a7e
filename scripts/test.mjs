// `npm test`: every check and test the project has, in order; exits non-zero if any failed.
import { spawnSync } from 'node:child_process';
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

const steps = [
  ['类型检查', 'npm', ['run', 'typecheck']],
  ['代码规范', 'npm', ['run', 'lint']],
  ['代码格式', 'npm', ['run', 'format:check']],
  ['模块边界', 'npm', ['run', 'check:imports']],
  ['未使用的代码与依赖（knip）', 'npm', ['run', 'check:unused']],
  ['服务端测试（单元 + PGlite + PostgreSQL）', 'npx', ['vitest', 'run'], 'apps/server'],
  ['前端组件测试', 'npx', ['vitest', 'run'], 'apps/web'],
  ['生产构建', 'npm', ['run', 'build']],
  ['端到端测试（Chromium）', 'npx', ['playwright', 'test'], 'e2e'],
];

ensureDependencies();
ensureChromium();

const results = [];
for (const [title, command, args, cwd] of steps) {
  console.log(`\n━━ ${title} ━━`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: cwd ? `${ROOT}/${cwd}` : ROOT, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  results.push({ title, ok: result.status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
}

console.log('\n━━ 汇总 ━━');
for (const { title, ok, seconds } of results) console.log(`${ok ? '✓' : '✗'} ${title}（${seconds} 秒）`);
const failed = results.filter((result) => !result.ok).length;
console.log(`steps: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
