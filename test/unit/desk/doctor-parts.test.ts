/**
 * Parts of the environment doctor that need no service: the listener's recognition of a test delivery,
 * address scopes and allow-lists, the callback-reachability rule, the command line's exit code and words.
 */
import { describe, expect, it } from 'vitest'
import { DOCTOR_ADVICE, DOCTOR_CHECK_IDS, DOCTOR_FIGURE_KINDS, type DoctorCheckDto, type DoctorReportDto } from '../../../src-shared/vocabulary/doctor.js'
import { isProbeBody, probeBody } from '../../../src-main/core/callbacks/index.js'
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { addressAllowed, doctorReportFile, readLastDoctorReport, saveDoctorReport, scopeOf } from '../../../src-main/core/desk/doctor/index.js'
import { reachable } from '../../../src-main/core/desk/doctor/listener-checks.js'
import type { DoctorProbes } from '../../../src-main/core/desk/doctor/types.js'
import { doctorExitCode } from '../../../src-main/core/cli/commands/doctor.js'
import { ADVICE_WORDS, CHECK_WORDS, figureText } from '../../../src-main/core/cli/doctor-words.js'

describe('the listener knows a test delivery only by its exact small shape', () => {
  it('a probe body is one; a settlement, a bigger or a differently keyed body is not', () => {
    expect(isProbeBody(Buffer.from(probeBody('abcdefgh12')))).toBe(true)
    expect(isProbeBody(Buffer.from('{"event":"desk.doctor.probe","nonce":"abcdefgh12","coupons":[]}'))).toBe(false)
    expect(isProbeBody(Buffer.from('{"event":"coupons.settled","nonce":"abcdefgh12"}'))).toBe(false)
    expect(isProbeBody(Buffer.from('{"event":"desk.doctor.probe","nonce":"x"}'))).toBe(false)
    expect(isProbeBody(Buffer.from(`{"event":"desk.doctor.probe","nonce":"${'a'.repeat(600)}"}`))).toBe(false)
    expect(isProbeBody(Buffer.from('not json'))).toBe(false)
  })
})

describe('address scopes', () => {
  it('loopback, private and public addresses and names', () => {
    expect(['127.0.0.1', '::1', 'localhost', '[::1]', '0.0.0.0', '[::]'].map(scopeOf)).toEqual(Array(6).fill('loopback'))
    expect(['10.1.2.3', '192.168.0.10', '172.20.0.1', 'fd00::1', 'desk.local', 'intranet'].map(scopeOf)).toEqual(Array(6).fill('private'))
    expect(['8.8.8.8', 'api.example.com', '2001:db8::1'].map(scopeOf)).toEqual(['public', 'public', 'public'])
  })
  it('allowed IPs: plain addresses and CIDR subnets', () => {
    expect(addressAllowed('198.51.100.42', ['203.0.113.7', '198.51.100.0/24'])).toBe(true)
    expect(addressAllowed('203.0.113.7', ['203.0.113.7'])).toBe(true)
    expect(addressAllowed('127.0.0.1', ['203.0.113.7', '198.51.100.0/24'])).toBe(false)
    expect(addressAllowed('not an ip', ['0.0.0.0/0'])).toBe(false)
  })
})

describe('callback reachability', () => {
  const probesFor = (listenerUrl: string, coupons: string) => ({ target: { listenerUrl, endpoints: { coupons, feed: '' } } }) as unknown as DoctorProbes
  it('warns when the callback address is loopback or private and the coupon service public', async () => {
    expect((await reachable.run(probesFor('http://127.0.0.1:4010/callbacks', 'https://api.partner.example'))).verdict).toBe('warn')
    expect((await reachable.run(probesFor('http://192.168.1.5:4010/callbacks', 'https://api.partner.example'))).advice).toBe('publicCallbackUrl')
    expect((await reachable.run(probesFor('https://desk.example.net/callbacks', 'https://api.partner.example'))).verdict).toBe('pass')
    expect((await reachable.run(probesFor('http://127.0.0.1:4010/callbacks', 'http://127.0.0.1:8099'))).verdict).toBe('pass')
  })
})

describe('desk doctor exit code', () => {
  const report = (checks: Array<Partial<DoctorCheckDto>>): DoctorReportDto => ({
    profileId: 'p', profileName: 'P', at: 0, verdict: 'pass',
    checks: checks.map((c, i) => ({ id: DOCTOR_CHECK_IDS[i]!, verdict: 'pass', figure: null, advice: null, ms: 0, ...c })),
  })
  it('4 auth before 3 transport before 1 other or warning; 0 when all pass or skip', () => {
    expect(doctorExitCode(report([{}, { verdict: 'skip' }]))).toBe(0)
    expect(doctorExitCode(report([{ verdict: 'warn' }]))).toBe(1)
    expect(doctorExitCode(report([{ verdict: 'fail', failure: 'other' }]))).toBe(1)
    expect(doctorExitCode(report([{ verdict: 'fail', failure: 'transport' }, { verdict: 'warn' }]))).toBe(3)
    expect(doctorExitCode(report([{ verdict: 'fail', failure: 'transport' }, { verdict: 'fail', failure: 'auth' }]))).toBe(4)
  })
})

describe('the command line words every check, advice and figure kind', () => {
  it('no code shown raw', () => {
    for (const id of DOCTOR_CHECK_IDS) expect(CHECK_WORDS[id]).toMatch(/\w/)
    for (const a of DOCTOR_ADVICE) expect(ADVICE_WORDS[a]).toMatch(/\w/)
    for (const kind of DOCTOR_FIGURE_KINDS) expect(figureText({ kind, value: 1, extra: {} }), kind).not.toBe(`${kind}: 1`)
  })
})

describe('the last report per profile', () => {
  it('is written privately and read back; a missing, damaged or foreign file reads as none', () => {
    const dir = mkdtempSync(join(tmpdir(), 'desk-doctor-last-'))
    try {
      expect(readLastDoctorReport(dir, 'p1')).toBeNull()
      const report: DoctorReportDto = { profileId: 'p1', profileName: 'One', at: 5, verdict: 'warn', checks: [{ id: 'clock.offset', verdict: 'warn', figure: { kind: 'clockOffset', value: 2500, unit: 'ms', extra: { bound: 3 } }, advice: 'syncClock', ms: 4 }] }
      const file = saveDoctorReport(dir, report)
      expect(file).toBe(doctorReportFile(dir, 'p1'))
      if (process.platform !== 'win32') {
        expect(statSync(file).mode & 0o777).toBe(0o600)
        expect(statSync(dirname(file)).mode & 0o777).toBe(0o700)
      }
      expect(readLastDoctorReport(dir, 'p1')).toEqual(report)
      expect(readLastDoctorReport(dir, 'p2')).toBeNull()
      writeFileSync(file, '{"profileId":"p1"')
      expect(readLastDoctorReport(dir, 'p1')).toBeNull()
      writeFileSync(file, JSON.stringify({ ...report, checks: [{ id: 'no.such', verdict: 'pass' }] }))
      expect(readLastDoctorReport(dir, 'p1')).toBeNull()
      mkdirSync(join(dir, 'profiles', 'p3', 'doctor.json'), { recursive: true })
      expect(readLastDoctorReport(dir, 'p3')).toBeNull()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
