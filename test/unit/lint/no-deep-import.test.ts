import { describe, expect, it } from 'vitest'
import { importRuleIds } from './lint-helpers.js'

const RULE = 'layers/no-deep-import'

describe('layers/no-deep-import', () => {
  it('makes hosts reach a client or domain only through its index.ts', async () => {
    expect(await importRuleIds('../coupons/placement.js', 'src-main/core/cli/violation.ts')).toContain(RULE)
    expect(await importRuleIds('../../feed/calendar.js', 'src-main/core/cli/commands/violation.ts')).toContain(RULE)
    expect(await importRuleIds('../core/profiles/storage.js', 'src-main/electron/violation.ts')).toContain(RULE)
    expect(await importRuleIds('../core/timeline/store.js', 'src-main/web/violation.ts')).toContain(RULE)
    expect(await importRuleIds('../timeline/store.js', 'src-main/core/desk/violation.ts')).toContain(RULE)
    expect(await importRuleIds('../coupons/index.js', 'src-main/core/cli/ok.ts')).not.toContain(RULE)
    expect(await importRuleIds('../core/profiles/index.js', 'src-main/electron/ok.ts')).not.toContain(RULE)
  })

  it('makes a domain reach another domain only through its index.ts', async () => {
    expect(await importRuleIds('../timeline/store.js', 'src-main/core/callbacks/violation.ts')).toContain(RULE)
    expect(await importRuleIds('../vault/vault.js', 'src-main/core/profiles/violation.ts')).toContain(RULE)
    expect(await importRuleIds('../vault/index.js', 'src-main/core/profiles/ok.ts')).not.toContain(RULE)
  })

  it('lets a folder import its own files, and hosts import each other deeply', async () => {
    expect(await importRuleIds('./normalise.js', 'src-main/core/feed/ok.ts')).not.toContain(RULE)
    expect(await importRuleIds('../desk/environment.js', 'src-main/core/cli/ok.ts')).not.toContain(RULE)
    expect(await importRuleIds('../simulator/server.js', 'src-main/core/cli/ok.ts')).not.toContain(RULE)
  })

  it('applies to bench and scripts, not to tests', async () => {
    expect(await importRuleIds('../src-main/core/feed/normalise.js', 'bench/violation.ts')).toContain(RULE)
    expect(await importRuleIds('../../../src-main/core/feed/normalise.js', 'test/unit/feed/ok.test.ts')).not.toContain(RULE)
  })
})
