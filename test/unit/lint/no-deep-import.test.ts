import { describe, it } from 'vitest'
import { importCasesOf } from './import-cases.js'
import { expectImportCase } from './lint-helpers.js'

const RULE = 'layers/no-deep-import'

describe('layers/no-deep-import', () => {
  it.each(importCasesOf(RULE))('%s: %s importing %s (fires: %s)', (_why, file, spec, fires) => expectImportCase(RULE, file, spec, fires))
})
