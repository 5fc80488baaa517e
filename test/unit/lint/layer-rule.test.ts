import { describe, expect, it } from 'vitest'
import { importCasesOf } from './import-cases.js'
import { expectImportCase, ruleIds } from './lint-helpers.js'

// Each arrow rule of docs/layers.json must fire on a virtual file that breaks it, and stay quiet on its allowed twin (./import-cases.ts).
const RULE = 'layers/allowed-imports'

describe('layers/allowed-imports', () => {
  it.each(importCasesOf(RULE))('%s: %s importing %s (fires: %s)', (_why, file, spec, fires) => expectImportCase(RULE, file, spec, fires))

  it('reads the imports of a Vue component too', async () => {
    const component = (spec: string) => `<script setup lang="ts">\nimport * as target from '${spec}'\nconsole.log(target)\n</script>\n<template><div /></template>\n`
    expect(await ruleIds(component('../../src-main/core/timeline/index.js'), 'src-renderer/components/Violation.vue')).toContain(RULE)
    expect(await ruleIds(component('../../src-shared/contract.js'), 'src-renderer/components/Ok.vue')).not.toContain(RULE)
  })

  it('reports type-only imports, re-exports and dynamic imports too', async () => {
    expect(await ruleIds("import type { X } from '../desk/types.js'\nexport type Y = X\n", 'src-main/core/vault/violation.ts')).toContain(RULE)
    expect(await ruleIds("export { x } from '../desk/index.js'\n", 'src-main/core/vault/violation.ts')).toContain(RULE)
    expect(await ruleIds("export const load = () => import('../desk/index.js')\n", 'src-main/core/vault/violation.ts')).toContain(RULE)
  })
})
