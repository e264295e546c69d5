import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
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

/** What is worth compressing (text); source maps are for developers and stay as they are. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;

/**
 * Precompresses the built files: next to each text file, its brotli (.br, quality 11) and gzip (.gz, level 9) forms,
 * which the API serves by Accept-Encoding (app.ts, @fastify/static preCompressed), so nothing is compressed per
 * request. Files under 1 KB are left alone.
 */
function precompressPlugin(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
    );
  return {
    name: 'lexserve-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      handler() {
        for (const file of walk(outDir)) {
          if (!COMPRESSIBLE.test(file)) continue;
          const bytes = readFileSync(file);
          if (bytes.length < 1024) continue;
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 11,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
          );
          writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
        }
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), metaJsonPlugin(buildVersion), precompressPlugin()],
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
    rolldownOptions: {
      output: {
        // Everything the first page needs whatever the route (React, the router, MUI's core, the query client) in one
        // file beside the entry, instead of some twenty small ones: each response's headers cost about 1 KB on the
        // wire, which on a phone's first visit is as much as the code (docs/performance.md, section 5).
        // MUI with Emotion is not on the first page any more (the public home, login and verify pages are plain HTML and
        // CSS); what of it many screens share (styles, Box, Button, Paper, Typography…) is one file that the signed-in
        // shell loads, instead of thirty small ones.
        codeSplitting: {
          groups: [
            { name: 'initial', tags: ['$initial'] },
            // TablePagination builds an Intl.NumberFormat when its module is evaluated (some 45 ms at 4× CPU on a
            // phone): it stays with the tables that use it rather than in the file every signed-in page evaluates.
            {
              name: 'mui',
              test: /node_modules[\\/](@mui|@emotion)[\\/](?!material[\\/]TablePagination[\\/])/,
              minShareCount: 4,
            },
          ],
        },
      },
    },
  },
}));
