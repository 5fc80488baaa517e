/** `--json` promises exactly one JSON document on stdout: a failure of any class is that document. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { run } from './helpers.js'

const dir = mkdtempSync(join(tmpdir(), 'desk-json-errors-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const doc = (stdout: string) => {
  expect(stdout.trim().split('\n').length).toBeGreaterThan(0)
  return JSON.parse(stdout) as Record<string, unknown>
}

describe('desk --json failures', () => {
  it.each([
    ['an unknown option', ['balance', '--json', '--bogus', '--data-dir', dir], 'usage'],
    ['a missing argument', ['coupons', 'get', '--json', '--data-dir', dir], 'usage'],
    ['an invalid option value', ['coupons', 'calculated', '--minutes', 'x', '--json', '--data-dir', dir], 'usage'],
    ['a bad value for a command outside act', ['timeline', '--json', '--kind', 'bogus', '--data-dir', dir], 'usage'],
    ['a secret flag', ['balance', '--json', '--password=Argv-Pw-55', '--data-dir', dir], 'usage'],
  ])('%s: exit 2 and one error document {code, message, error_code, changes}', async (_name, argv, code) => {
    const r = await run(argv)
    expect(r.code).toBe(2)
    expect(doc(r.stdout)).toEqual({ code, message: expect.any(String), error_code: null, changes: [] })
    expect(r.stderr).toMatch(new RegExp(`^error ${code}: `))
    expect(r.stdout + r.stderr).not.toContain('Argv-Pw-55')
  })

  it('without --json stdout stays empty; after `--` a literal --json is not the flag', async () => {
    const plain = await run(['balance', '--bogus', '--data-dir', dir])
    expect(plain.code).toBe(2)
    expect(plain.stdout).toBe('')
    const literal = await run(['balance', '--bogus', '--data-dir', dir, '--', '--json'])
    expect(literal.code).toBe(2)
    expect(literal.stdout).toBe('')
  })
})
