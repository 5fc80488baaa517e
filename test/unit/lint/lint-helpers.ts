import { expect } from 'vitest'
import { ESLint } from 'eslint'

// The project's own eslint.config.mjs; `ignore: false` so the on-disk fixtures under test/fixtures/lint/ are linted too.
export const eslint = new ESLint({ cwd: process.cwd(), ignore: false })

export interface Finding {
  ruleId: string
  message: string
}

/** Lint `code` as if it were the file at `filePath` (a virtual file: nothing is written). */
export async function findings(code: string, filePath: string): Promise<Finding[]> {
  const [result] = await eslint.lintText(code, { filePath })
  // A file that does not parse reports nothing else: an "allowed" assertion would then pass for the wrong reason.
  const fatal = result.messages.find((m) => m.fatal)
  if (fatal) throw new Error(`${filePath} did not lint: ${fatal.message}`)
  return result.messages.map((m) => ({ ruleId: m.ruleId ?? 'parse', message: m.message }))
}

export async function ruleIds(code: string, filePath: string): Promise<string[]> {
  return (await findings(code, filePath)).map((f) => f.ruleId)
}

/** Rule ids reported for `import ... from spec` in a virtual file at `filePath`. */
export async function importRuleIds(spec: string, filePath: string): Promise<string[]> {
  return ruleIds(`import * as target from '${spec}'\nexport const used = target\n`, filePath)
}

/** `rule` fires (or stays quiet) on `import ... from spec` in a virtual file at `file`. */
export async function expectImportCase(rule: string, file: string, spec: string, fires: boolean): Promise<void> {
  const ids = await importRuleIds(spec, file)
  if (fires) expect(ids, `import '${spec}' in ${file}`).toContain(rule)
  else expect(ids, `import '${spec}' in ${file}`).not.toContain(rule)
}
