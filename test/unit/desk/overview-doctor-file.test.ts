import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { doctorFileOf, readDoctorVerdict } from '../../../src-main/core/desk/overview/index.js'

const dataDir = mkdtempSync(join(tmpdir(), 'overview-doctor-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

function write(id: string, text: string): void {
  const file = doctorFileOf(dataDir, id)
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, text)
}

describe("the doctor's last verdict, read defensively", () => {
  it('reads a valid report', () => {
    write('p1', JSON.stringify({ profileId: 'p1', profileName: 'P', at: 1000, verdict: 'fail', checks: [{ id: 'coupons.health', verdict: 'fail', figure: null, advice: null, ms: 3 }] }))
    expect(readDoctorVerdict(dataDir, 'p1')).toEqual({ verdict: 'fail', at: 1000 })
  })
  it.each([
    ['no file', null],
    ['not JSON', '{verdict'],
    ['an unknown verdict', JSON.stringify({ profileId: 'p2', at: 1, verdict: 'great' })],
    ['no time', JSON.stringify({ profileId: 'p2', verdict: 'pass' })],
    ["another profile's report", JSON.stringify({ profileId: 'other', profileName: 'O', at: 1, verdict: 'pass', checks: [] })],
    ['a check this build does not know', JSON.stringify({ profileId: 'p2', profileName: 'P', at: 1, verdict: 'pass', checks: [{ id: 'made.up', verdict: 'pass' }] })],
    ['an array', '[]'],
    ['oversize', JSON.stringify({ profileId: 'p2', profileName: 'P', at: 1, verdict: 'pass', checks: [], pad: 'x'.repeat(1_100_000) })],
  ])('counts %s as never run', (_what, text) => {
    rmSync(doctorFileOf(dataDir, 'p2'), { force: true })
    if (text !== null) write('p2', text)
    expect(readDoctorVerdict(dataDir, 'p2')).toBeNull()
  })
})
