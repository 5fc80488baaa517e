import { describe, expect, it } from 'vitest'
import { eslint, findings, importRuleIds } from './lint-helpers.js'

const RULE = 'layers/no-cycle'

async function lintFile(path: string): Promise<string[]> {
  const [result] = await eslint.lintFiles([path])
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`)
}

describe('layers/no-cycle', () => {
  it('reports two files that import each other, a type-only import included', async () => {
    const ping = await lintFile('test/fixtures/lint/cycle/ping.ts')
    expect(ping).toEqual([expect.stringContaining(`${RULE}: Import cycle: test/fixtures/lint/cycle/ping.ts -> test/fixtures/lint/cycle/pong.ts -> test/fixtures/lint/cycle/ping.ts`)])
    expect(await lintFile('test/fixtures/lint/cycle/pong.ts')).toEqual([expect.stringContaining(`${RULE}: Import cycle`)])
  })

  it('stays quiet on imports that run one way', async () => {
    expect(await lintFile('test/fixtures/lint/cycle/line.ts')).toEqual([])
    expect(await lintFile('test/fixtures/lint/cycle/line-end.ts')).toEqual([])
  })

  it('reports a cycle the linted text would close (the file on disk does not)', async () => {
    expect(await importRuleIds('./line.js', 'test/fixtures/lint/cycle/line-end.ts')).toContain(RULE)
  })

  it('reports a cycle between two folders even when no single file loop exists', async () => {
    // profiles imports the vault (open.ts, service.ts); a vault file importing profiles closes the folder loop.
    const found = await findings("import type { Profile } from '../profiles/index.js'\nexport type P = Profile\n", 'src-main/core/vault/violation.ts')
    expect(found).toContainEqual({ ruleId: RULE, message: expect.stringMatching(/^Folder cycle: src-main\/core\/vault\/ imports src-main\/core\/profiles\/, and src-main\/core\/profiles\/ imports src-main\/core\/vault\/ back/) })
  })

  it('finds no cycle between the vault and profiles today', async () => {
    for (const file of ['src-main/core/vault/vault.ts', 'src-main/core/profiles/open.ts', 'src-main/core/profiles/service.ts']) {
      expect((await lintFile(file)).filter((m) => m.startsWith(RULE))).toEqual([])
    }
  })
})
