import { describe, expect, it } from 'vitest'
import { ESLint } from 'eslint'

// The layer rule is only worth something if it fires: lint virtual files at core and renderer paths.
const eslint = new ESLint({ cwd: process.cwd() })

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result.messages.map((m) => m.ruleId ?? m.message)
}

describe('layer rules', () => {
  it('forbids electron in src-main/core', async () => {
    expect(await ruleIds("import { app } from 'electron'\nexport const x = app\n", 'src-main/core/feed/violation.ts')).toContain('no-restricted-imports')
    expect(await ruleIds("import Store from 'electron-store'\nexport const s = Store\n", 'src-main/core/profiles/violation.ts')).toContain('no-restricted-imports')
    expect(await ruleIds("import { x } from '../../electron/window.js'\nexport const y = x\n", 'src-main/core/desk/violation.ts')).toContain('no-restricted-imports')
  })

  it('allows electron in src-main/electron', async () => {
    expect(await ruleIds("import { app } from 'electron'\nexport const x = app\n", 'src-main/electron/ok.ts')).not.toContain('no-restricted-imports')
  })

  it('keeps node and core out of the renderer', async () => {
    expect(await ruleIds("import { readFileSync } from 'node:fs'\nexport const r = readFileSync\n", 'src-renderer/api/violation.ts')).toContain('no-restricted-imports')
    expect(await ruleIds("import { DeskError } from '../../src-main/core/shared/errors'\nexport const e = DeskError\n", 'src-renderer/api/violation.ts')).toContain('no-restricted-imports')
  })
})
