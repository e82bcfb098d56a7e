// The import rules, checked: no cycles; modules and features reach each other only through their
// index.ts; the server's layers import only downwards (core < platform < runtime < modules < routes);
// only the HTTP edge imports Fastify; contracts stay portable; the server and the web never import
// each other. A `*.tables.ts` may import another layer's or module's `*.tables.ts` for foreign keys,
// and nothing else may.
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib.mjs';

const SOURCE_ROOTS = ['packages/contracts/src', 'packages/scripted-llm/src', 'apps/server/src', 'apps/server/test', 'apps/web/src', 'e2e', 'bench'];
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function listSources(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (['node_modules', 'dist', 'screenshots', 'test-results', 'results'].includes(entry.name)) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listSources(full);
    return /\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

function resolveRelative(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier).replace(/\.(js|mjs)$/, '');
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}.mts`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

const rel = (file) => path.relative(ROOT, file);

/** `apps/server/src/modules/user/x.ts` → `server:modules/user`; `apps/web/src/features/kb/..` → `web:features/kb`. */
function unitOf(file) {
  const match = /^apps\/(server|web)\/src\/(modules|features)\/([^/]+)\//.exec(rel(file));
  return match ? `${match[1]}:${match[2]}/${match[3]}` : null;
}

/**
 * The server's layers, lowest first. `core` is transport-free (errors, the viewer, visibility, stored
 * JSON, the reference registry); `platform` is infrastructure (database, bus, HTTP, SSE, model gateway);
 * `runtime` runs durable work; `modules` are the areas; `routes` are `*.routes.ts` and the composition
 * root. Tests and their fixtures may import anything.
 */
const LAYERS = ['core', 'platform', 'runtime', 'modules', 'routes'];
const isTestCode = (file) => /(\.test|fixtures|test-server)\.tsx?$/.test(file);

function layerOf(file) {
  const match = /^apps\/server\/src\/(.+)$/.exec(rel(file));
  if (!match || isTestCode(file)) return null;
  const inside = match[1];
  if (inside.endsWith('.routes.ts') || inside === 'app.ts' || inside === 'main.ts') return 'routes';
  if (inside === 'config.ts') return 'platform';
  const top = inside.split('/')[0];
  return LAYERS.includes(top) ? top : null;
}

/** Where Fastify may be imported: the HTTP edge. Everything else takes plain values and interfaces. */
const FASTIFY_ALLOWED = /^apps\/server\/src\/(app\.ts|main\.ts|platform\/http\/|platform\/sse\/|.*\.routes\.ts$)/;

const problems = [];
const graph = new Map();

for (const file of SOURCE_ROOTS.flatMap((dir) => listSources(path.join(ROOT, dir)))) {
  const text = fs.readFileSync(file, 'utf8');
  const edges = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    const where = `${rel(file)} → ${specifier}`;
    const inContracts = rel(file).startsWith('packages/contracts/');
    if (inContracts && (specifier.startsWith('node:') || /^(react|fastify|drizzle-orm|pg)\b/.test(specifier) || specifier.includes('apps/'))) {
      problems.push(`${where}: contracts import only portable code (no Node, React, server or web)`);
    }
    if (/^fastify(\/|$)/.test(specifier) && /^apps\/server\/src\//.test(rel(file)) && !isTestCode(file) && !FASTIFY_ALLOWED.test(rel(file))) {
      problems.push(`${where}: only routes, platform/http, platform/sse and app.ts/main.ts import Fastify`);
    }
    if (!specifier.startsWith('.')) continue;
    const target = resolveRelative(file, specifier);
    if (!target) {
      problems.push(`${where}: cannot resolve`);
      continue;
    }
    // A lazy `import()` (a route's page chunk) loads after every module has run, so it cannot form a
    // load-order cycle: only static imports are edges of the cycle check.
    if (!match[3]) edges.push(target);
    const [fromApp, toApp] = [rel(file), rel(target)].map((p) => /^apps\/([^/]+)\//.exec(p)?.[1] ?? null);
    if (fromApp && toApp && fromApp !== toApp) problems.push(`${where}: the server and the web never import each other`);
    const [fromLayer, toLayer] = [layerOf(file), layerOf(target)];
    const tablesOnly = file.endsWith('.tables.ts') && target.endsWith('.tables.ts');
    // A module's index.ts is its public surface and hands out its own routes for app.ts.
    const ownRoutes = file.endsWith('/index.ts') && target.endsWith('.routes.ts') && target.startsWith(path.dirname(file));
    if (fromLayer && toLayer && LAYERS.indexOf(toLayer) > LAYERS.indexOf(fromLayer) && !tablesOnly && !ownRoutes) {
      problems.push(`${where}: ${fromLayer} is below ${toLayer} and must not import it (core < platform < runtime < modules < routes)`);
    }
    const [fromUnit, toUnit] = [unitOf(file), unitOf(target)];
    // Foreign keys are the one exception: a table definition may name another module's table.
    const foreignKey = file.endsWith('.tables.ts') && target.endsWith('.tables.ts');
    if (toUnit && fromUnit !== toUnit && !/\/index\.tsx?$/.test(target) && !foreignKey) {
      problems.push(`${where}: reach ${toUnit} only through its index.ts`);
    }
  }
  graph.set(file, edges);
}

// Cycles: depth-first search with colours; report each cycle once.
const state = new Map();
const stack = [];
function visit(file) {
  state.set(file, 'open');
  stack.push(file);
  for (const next of graph.get(file) ?? []) {
    if (state.get(next) === 'open') {
      problems.push(`import cycle: ${[...stack.slice(stack.indexOf(next)), next].map(rel).join(' → ')}`);
    } else if (!state.has(next)) {
      visit(next);
    }
  }
  stack.pop();
  state.set(file, 'done');
}
for (const file of graph.keys()) if (!state.has(file)) visit(file);

if (problems.length > 0) {
  console.error(`模块边界检查失败（${problems.length} 处）：`);
  for (const problem of problems) console.error(`  ✗ ${problem}`);
  process.exit(1);
}
console.log(`✓ 模块边界检查通过：${graph.size} 个文件，无循环依赖，无越界引用`);
