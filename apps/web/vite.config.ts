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

export default defineConfig({
  plugins: [react(), buildIdMeta()],
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/ai-sdk-api': { target: apiTarget, changeOrigin: true },
      '/version.json': { target: apiTarget, changeOrigin: true },
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
    },
  },
});
