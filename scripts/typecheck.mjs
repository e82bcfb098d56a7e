// Type-checks every workspace (each has its own tsconfig; nothing is emitted).
import { ROOT, run } from './lib.mjs';

const projects = ['packages/contracts', 'packages/scripted-llm', 'apps/server', 'apps/web', 'e2e', 'bench'];
for (const project of projects) {
  console.log(`› tsc -p ${project}`);
  run('npx', ['tsc', '-p', project], { cwd: ROOT });
}
