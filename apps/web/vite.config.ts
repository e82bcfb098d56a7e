import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The id the server reports in /version.json; the route error page reloads when they differ. */
const buildId = process.env.BUILD_ID || 'dev';
const apiTarget = process.env.API_TARGET || 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
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
