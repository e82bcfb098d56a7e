import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The id the server reports in /version.json; the route error page reloads when they differ. */
const buildId = process.env.BUILD_ID || 'dev';
const apiTarget = process.env.API_TARGET || 'http://localhost:8080';

/** The build id in index.html too, for operators and the browser tests. */
function buildIdMeta(): Plugin {
  return {
    name: 'build-id-meta',
    transformIndexHtml: () => [{ tag: 'meta', attrs: { name: 'build-id', content: buildId }, injectTo: 'head' }],
  };
}

/**
 * Writes `.br` and `.gz` beside every text asset of the build, so a server can send them as they are
 * (e.g. @fastify/static `preCompressed: true`) instead of compressing on each request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: () => {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const full = path.join(dir, entry.name);
          return entry.isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir).filter((name) => /\.(js|css|html|svg|json)$/.test(name))) {
        const body = fs.readFileSync(file);
        if (body.length < 1024) continue;
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), buildIdMeta(), precompress()],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/ai-sdk-api': { target: apiTarget, changeOrigin: true },
      '/version.json': { target: apiTarget, changeOrigin: true },
      '/v1': { target: apiTarget, changeOrigin: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: [{ test: /packages[\\/]contracts|node_modules[\\/]zod/, sideEffects: false }],
      },
      output: {
        // React in one chunk of its own: the dashboard's charts use react-dom too, and without this the
        // split of the shared chunk that followed cost /login two more files and 2 KB.
        codeSplitting: { groups: [{ name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ }] },
      },
    },
  },
});
