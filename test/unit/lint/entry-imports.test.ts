import { describe, it } from 'vitest'
import { expectImportCase } from './lint-helpers.js'

const RULE = 'no-restricted-imports'

/** A process's entry module starts its work when imported: nobody imports one; its parts are imported instead. */
describe('no file imports a process entry module', () => {
  it.each([
    ['test/unit/simulator/x.test.ts', '../../../src-main/core/simulator/cli.js', true],
    ['test/unit/simulator/x.test.ts', '../../../src-main/core/simulator/cli-options.js', false],
    ['src-main/core/desk/x.ts', '../../web/cli.js', true],
    ['src-main/core/desk/x.ts', '../cli/main.js', true],
    ['src-main/core/desk/x.ts', '../cli/program.js', false],
    ['bench/x.ts', '../src-main/core/simulator/cli.ts', true],
  ] as const)('%s importing %s (fires: %s)', (file, spec, fires) => expectImportCase(RULE, file, spec, fires))
})
