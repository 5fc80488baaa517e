import { defineConfig } from 'vitest/config'
import vue from '@vitejs/plugin-vue'
import { fileURLToPath } from 'node:url'

const renderer = fileURLToPath(new URL('./src-renderer', import.meta.url))

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        plugins: [vue()],
        resolve: { alias: { '@renderer': renderer } },
        test: {
          name: 'component',
          environment: 'happy-dom',
          include: ['test/component/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        // The built desktop app on the Electron stand-in (test/desktop/standin) in Chromium.
        test: {
          name: 'desktop',
          environment: 'node',
          include: ['test/desktop/**/*.test.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
