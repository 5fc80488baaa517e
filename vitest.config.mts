import { defineConfig } from 'vitest/config'
import vue from '@vitejs/plugin-vue'
import { fileURLToPath } from 'node:url'
import { availableParallelism } from 'node:os'
import { basename, relative } from 'node:path'
import { BaseSequencer, type TestSpecification } from 'vitest/node'

const renderer = fileURLToPath(new URL('./src-renderer', import.meta.url))

/**
 * The longest e2e files (many axe scans, thousands of rows, several profiles), longest first, started
 * first so they do not finish alone after the others: without a result cache (a fresh clone, CI)
 * Vitest starts the largest files first, and these are not the largest. With a cache its order stands.
 */
const E2E_FIRST = ['blotter', 'accessibility', 'doctor-card', 'notify-audit', 'overview', 'desk-walk', 'delivery-captures', 'real-captures', 'custom-profile']

class E2eLongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files)
    const cached = sorted.some((f) => f.project.name === 'e2e' && this.ctx.cache.getFileTestResults(`e2e:${relative(this.ctx.config.root, f.moduleId)}`))
    if (cached) return sorted
    const rank = (f: TestSpecification) => {
      const at = f.project.name === 'e2e' ? E2E_FIRST.indexOf(basename(f.moduleId, '.test.ts')) : -1
      return at === -1 ? E2E_FIRST.length : at
    }
    // Projects stay in their order; within e2e the listed files move to the front, the rest keep theirs.
    const e2e = sorted.filter((f) => f.project.name === 'e2e')
    const ordered = e2e.map((f, i) => ({ f, i })).sort((a, b) => rank(a.f) - rank(b.f) || a.i - b.i).map(({ f }) => f)
    let next = 0
    return sorted.map((f) => (f.project.name === 'e2e' ? ordered[next++]! : f))
  }
}

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: a single worker on a 2-core machine.
    // Most node tests wait on loopback HTTP, child processes and Chromium, so two workers pay off there.
    maxWorkers: Math.max(2, availableParallelism()),
    sequence: { sequencer: E2eLongestFirst },
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
          // Files share a worker's page and module cache (about a third of the time with per-file
          // isolation here); test/component/setup.ts unmounts what each test mounted and empties the page.
          isolate: false,
          setupFiles: ['test/component/setup.ts'],
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
