import { defineConfig } from 'vitest/config'
import vue from '@vitejs/plugin-vue'
import { fileURLToPath } from 'node:url'
import { availableParallelism } from 'node:os'

const renderer = fileURLToPath(new URL('./src-renderer', import.meta.url))

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: a single worker on a 2-core machine.
    // Most node tests wait on loopback HTTP, child processes and Chromium, so two workers pay off there.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/unit/**/*.test.ts', 'test/integration/**/*.test.ts'],
          // Files share a worker's module cache (no per-file re-import of the core: ~2.5x faster here).
          // Module state is therefore shared: a test that needs a process-wide default of its own
          // (the redactor, an environment variable) passes or stubs it, and reads env per call.
          isolate: false,
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
          // Two files at a time: most of an e2e file waits on the feed's intervals and the simulator, not on the CPU.
          fileParallelism: true,
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
