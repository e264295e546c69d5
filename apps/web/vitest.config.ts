import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  define: { __APP_VERSION__: JSON.stringify('test') },
  test: {
    environment: 'jsdom',
    // Only the component tests: Playwright's *.spec.ts files live in e2e/ and must not be picked up.
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    env: { TZ: 'Africa/Johannesburg' },
    testTimeout: 60_000,
    css: false,
  },
});
