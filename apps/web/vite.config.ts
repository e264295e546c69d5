import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// One timestamp per build: baked into the bundle (__APP_VERSION__) and written to dist/meta.json,
// so a running tab can tell that the server now holds a newer build (spec 1, 2.12 and 4.7).
const buildVersion = String(Date.now());

const API_TARGET = process.env.LEXSERVE_API_URL ?? 'http://localhost:3000';

function metaJsonPlugin(version: string): Plugin {
  let outDir = 'dist';
  return {
    name: 'lexserve-meta-json',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      mkdirSync(outDir, { recursive: true });
      writeFileSync(resolve(outDir, 'meta.json'), `${JSON.stringify({ version })}\n`);
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), metaJsonPlugin(buildVersion)],
  define: {
    __APP_VERSION__: JSON.stringify(command === 'build' ? buildVersion : 'dev'),
  },
  server: {
    port: 5173,
    proxy: {
      // The websocket channel lives under /api/v1/ws, so the /api entry proxies upgrades too.
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
      '/meta.json': { target: API_TARGET, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 1200,
  },
}));
