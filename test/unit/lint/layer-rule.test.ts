import { describe, expect, it } from 'vitest'
import { importRuleIds, ruleIds } from './lint-helpers.js'

// Each arrow rule of docs/layers.json must fire on a virtual file that breaks it, and stay quiet on its allowed twin.
const RULE = 'layers/allowed-imports'

describe('layers/allowed-imports', () => {
  it('keeps the contract free of every other import but zod', async () => {
    expect(await importRuleIds('../src-main/core/shared/errors.js', 'src-shared/violation.ts')).toContain(RULE)
    expect(await importRuleIds('../src-main/core/timeline/index.js', 'src-shared/violation.ts')).toContain(RULE)
    expect(await importRuleIds('../src-main/core/desk/index.js', 'src-shared/violation.ts')).toContain(RULE)
    expect(await importRuleIds('ofetch', 'src-shared/violation.ts')).toContain(RULE)
    expect(await importRuleIds('node:fs', 'src-shared/vocabulary/violation.ts')).toContain(RULE)
    expect(await importRuleIds('zod', 'src-shared/ok.ts')).not.toContain(RULE)
    expect(await importRuleIds('./methods.js', 'src-shared/ok.ts')).not.toContain(RULE)
  })

  it('lets Base import only the contract', async () => {
    expect(await importRuleIds('../feed/index.js', 'src-main/core/shared/violation.ts')).toContain(RULE)
    expect(await importRuleIds('../vault/index.js', 'src-main/core/shared/violation.ts')).toContain(RULE)
    expect(await importRuleIds('../desk/index.js', 'src-main/core/shared/violation.ts')).toContain(RULE)
    expect(await importRuleIds('../../../src-shared/contract.js', 'src-main/core/shared/ok.ts')).not.toContain(RULE)
  })

  it('keeps domains and clients away from hosts', async () => {
    expect(await importRuleIds('../desk/index.js', 'src-main/core/timeline/violation.ts')).toContain(RULE)
    expect(await importRuleIds('../cli/io.js', 'src-main/core/vault/violation.ts')).toContain(RULE)
    expect(await importRuleIds('../../electron/store.js', 'src-main/core/profiles/violation.ts')).toContain(RULE)
    expect(await importRuleIds('../../web/bridge.js', 'src-main/core/feed/violation.ts')).toContain(RULE)
    expect(await importRuleIds('../desk/index.js', 'src-main/core/coupons/violation.ts')).toContain(RULE)
    expect(await importRuleIds('../shared/errors.js', 'src-main/core/timeline/ok.ts')).not.toContain(RULE)
    expect(await importRuleIds('../../../src-shared/contract.js', 'src-main/core/coupons/ok.ts')).not.toContain(RULE)
  })

  it('keeps domains away from clients', async () => {
    expect(await importRuleIds('../coupons/index.js', 'src-main/core/timeline/violation.ts')).toContain(RULE)
    expect(await importRuleIds('../feed/index.js', 'src-main/core/callbacks/violation.ts')).toContain(RULE)
    expect(await importRuleIds('../timeline/index.js', 'src-main/core/callbacks/ok.ts')).not.toContain(RULE)
  })

  it('keeps the simulator and the clients apart, both ways', async () => {
    expect(await importRuleIds('../../feed/index.js', 'src-main/core/simulator/feed/violation.ts')).toContain(RULE)
    expect(await importRuleIds('../coupons/index.js', 'src-main/core/simulator/violation.ts')).toContain(RULE)
    expect(await importRuleIds('../timeline/index.js', 'src-main/core/simulator/violation.ts')).toContain(RULE)
    expect(await importRuleIds('../simulator/server.js', 'src-main/core/feed/violation.ts')).toContain(RULE)
    expect(await importRuleIds('../simulator/server.js', 'src-main/core/coupons/violation.ts')).toContain(RULE)
    // The simulator's own feed/ folder is not the feed client: imports are resolved, not pattern-matched.
    expect(await importRuleIds('../feed/routes.js', 'src-main/core/simulator/world/ok.ts')).not.toContain(RULE)
    expect(await importRuleIds('../shared/clock.js', 'src-main/core/simulator/ok.ts')).not.toContain(RULE)
  })

  it('lets hosts import every part of main, the simulator included', async () => {
    expect(await importRuleIds('../simulator/server.js', 'src-main/core/cli/ok.ts')).not.toContain(RULE)
    expect(await importRuleIds('../desk/index.js', 'src-main/core/cli/ok.ts')).not.toContain(RULE)
    expect(await importRuleIds('../core/desk/index.js', 'src-main/electron/ok.ts')).not.toContain(RULE)
    expect(await importRuleIds('../../src-preload/index.js', 'src-main/electron/violation.ts')).toContain(RULE)
  })

  it('keeps Electron in src-main/electron and the preload', async () => {
    expect(await importRuleIds('electron', 'src-main/core/feed/violation.ts')).toContain(RULE)
    expect(await importRuleIds('electron-store', 'src-main/core/profiles/violation.ts')).toContain(RULE)
    expect(await importRuleIds('electron', 'src-main/core/desk/violation.ts')).toContain(RULE)
    expect(await importRuleIds('electron', 'src-main/web/violation.ts')).toContain(RULE)
    expect(await importRuleIds('electron', 'src-main/electron/ok.ts')).not.toContain(RULE)
    expect(await importRuleIds('electron-store', 'src-main/electron/ok.ts')).not.toContain(RULE)
  })

  it('lets the renderer reach main only through the contract', async () => {
    expect(await importRuleIds('../../src-main/core/shared/errors.js', 'src-renderer/api/violation.ts')).toContain(RULE)
    expect(await importRuleIds('../../src-main/core/desk/index.js', 'src-renderer/api/violation.ts')).toContain(RULE)
    expect(await importRuleIds('../../src-main/core/coupons/index.js', 'src-renderer/stores/violation.ts')).toContain(RULE)
    expect(await importRuleIds('../src-preload/index.js', 'src-renderer/violation.ts')).toContain(RULE)
    expect(await importRuleIds('node:fs', 'src-renderer/api/violation.ts')).toContain(RULE)
    expect(await importRuleIds('electron', 'src-renderer/api/violation.ts')).toContain(RULE)
    expect(await importRuleIds('node:path', 'src-main/web/shim/violation.ts')).toContain(RULE)
    expect(await importRuleIds('../../src-shared/contract.js', 'src-renderer/api/ok.ts')).not.toContain(RULE)
    expect(await importRuleIds('@renderer/api/desk.js', 'src-renderer/stores/ok.ts')).not.toContain(RULE)
  })

  it('reads the imports of a Vue component too', async () => {
    const component = (spec: string) => `<script setup lang="ts">\nimport * as target from '${spec}'\nconsole.log(target)\n</script>\n<template><div /></template>\n`
    expect(await ruleIds(component('../../src-main/core/timeline/index.js'), 'src-renderer/components/Violation.vue')).toContain(RULE)
    expect(await ruleIds(component('../../src-shared/contract.js'), 'src-renderer/components/Ok.vue')).not.toContain(RULE)
  })

  it('lets the preload load only src-shared/methods (the sandbox cannot load zod)', async () => {
    expect(await importRuleIds('../src-shared/contract.js', 'src-preload/index.ts')).toContain(RULE)
    expect(await importRuleIds('zod', 'src-preload/index.ts')).toContain(RULE)
    expect(await importRuleIds('../src-main/core/shared/errors.js', 'src-preload/index.ts')).toContain(RULE)
    expect(await importRuleIds('../src-shared/methods.js', 'src-preload/index.ts')).not.toContain(RULE)
    expect(await importRuleIds('electron', 'src-preload/index.ts')).not.toContain(RULE)
  })

  it('reports type-only imports, re-exports and dynamic imports too', async () => {
    expect(await ruleIds("import type { X } from '../desk/types.js'\nexport type Y = X\n", 'src-main/core/vault/violation.ts')).toContain(RULE)
    expect(await ruleIds("export { x } from '../desk/index.js'\n", 'src-main/core/vault/violation.ts')).toContain(RULE)
    expect(await ruleIds("export const load = () => import('../desk/index.js')\n", 'src-main/core/vault/violation.ts')).toContain(RULE)
  })
})
