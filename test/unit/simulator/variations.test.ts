import fc from 'fast-check'
import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { createDemoSimulators } from '../../../src-main/core/desk/demo-sim.js'
import { parseCliOptions } from '../../../src-main/core/simulator/cli-options.js'
import { createVariations, defaultVariations, parseVariations, VARIATION_NAMES } from '../../../src-main/core/simulator/variations.js'

const ROOT = fileURLToPath(new URL('../../../', import.meta.url))

describe('simulator variations (issue 8 #19)', () => {
  it('parses all, none and comma lists; refuses unknown names', () => {
    expect([...parseVariations('all')]).toEqual([...VARIATION_NAMES])
    expect(parseVariations('none').size).toBe(0)
    expect(parseVariations('').size).toBe(0)
    expect([...parseVariations(' key-order , float-text ')]).toEqual(['key-order', 'float-text'])
    expect(() => parseVariations('key-order,bogus')).toThrow(/unknown variation 'bogus'/)
  })

  it('defaults: SIM_VARIATIONS, else all under vitest, else none', () => {
    expect(defaultVariations({ SIM_VARIATIONS: 'float-text', VITEST: 'true' })).toBe('float-text')
    expect(defaultVariations({ VITEST: 'true' })).toBe('all')
    expect(defaultVariations({})).toBe('none')
  })

  it("reading the CLI's flags starts nothing: a refused flag is an error to the caller, and importing the module leaves a process free to end", () => {
    expect(() => parseCliOptions(['--port', 'abc'])).toThrow("--port must be an integer, got 'abc'")
    expect(() => parseCliOptions(['--bogus'])).toThrow(/bogus/)
    // A module that started a simulator on import would keep this process alive until the timeout.
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', "await import('./src-main/core/simulator/cli-options.ts'); process.stdout.write('imported')"], { cwd: ROOT, timeout: 30_000, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })
    expect(out).toBe('imported')
  })

  it('the CLI takes --variations (default none) and passes it on', () => {
    expect(parseCliOptions([]).variations).toBe('none')
    expect(parseCliOptions(['--variations', 'all']).variations).toBe('all')
    expect(parseCliOptions(['--variations', 'key-order,legacy-single']).variations).toBe('key-order,legacy-single')
  })

  it('the CLI takes --clock-offset-ms, a signed integer (default 0)', () => {
    expect(parseCliOptions([]).clockOffsetMs).toBe(0)
    expect(parseCliOptions(['--clock-offset-ms', '45000']).clockOffsetMs).toBe(45_000)
    expect(parseCliOptions(['--clock-offset-ms=-45000']).clockOffsetMs).toBe(-45_000)
  })

  it('callback payloads vary too: extra fields, 0.0 payouts, unknown reason codes, shuffled keys', () => {
    const v = createVariations('all', 5)
    const bets = Array.from({ length: 12 }, (_, i) => ({ uuid: String(1000 + i), status: 1, calculate_coefficient: 2, settlement_reason_code: 'AUTOMATIC_SETTLEMENT' }))
    const payload = { event: 'coupons.settled', batchId: 'b', couponCount: 1, coupons: [{ coupon_code: '1', realWin: 20, status: 2, events_data: bets }] }
    const text = v.callbackText(payload)
    expect(text).toMatch(/"realWin":20\.0/)
    const parsed = JSON.parse(text)
    expect(parsed).toHaveProperty('x_sim_unknown')
    const codes = parsed.coupons[0].events_data.map((b: { settlement_reason_code: unknown }) => b.settlement_reason_code)
    expect(codes.some((c: unknown) => typeof c === 'number')).toBe(true)
    expect(codes.some((c: unknown) => typeof c === 'string' && c !== 'AUTOMATIC_SETTLEMENT')).toBe(true)
    // The same bet keeps its code across deliveries and reads.
    expect(JSON.parse(v.callbackText(payload)).coupons[0].events_data.map((b: { settlement_reason_code: unknown }) => b.settlement_reason_code)).toEqual(codes)
    expect(createVariations('none').callbackText(payload)).toBe(JSON.stringify(payload))
  })

  it('key order and number spelling never change what a JSON value means (any value)', () => {
    const v = createVariations('key-order,float-text', 9)
    const key = fc.oneof(fc.constantFrom('amount', 'coef', 'realWin', 'balance', 'oc_rate', '__proto__', 'toJSON'), fc.string())
    const json = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, fc.jsonValue({ maxDepth: 1 }), fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(key, tie('value'), { maxKeys: 5 })),
    })).value
    fc.assert(
      fc.property(json, (value) => {
        expect(JSON.parse(v.callbackText(value))).toEqual(JSON.parse(JSON.stringify(value)))
      }),
    )
  })

  it('the Demo simulators take a choice of variations: one simulator per choice, unknown names refused', async () => {
    const sims = createDemoSimulators({ clockTickMs: 0 })
    try {
      await expect(sims.get(1, 'bogus')).rejects.toMatchObject({ code: 'validation' })
      const [off, on] = await Promise.all([sims.get(1, 'none'), sims.get(1, 'key-order,float-text')])
      expect(off).not.toBe(on)
      expect(off.variations.enabled.size).toBe(0)
      expect([...on.variations.enabled]).toEqual(['key-order', 'float-text'])
      expect(await sims.get(1, 'none')).toBe(off)
    } finally {
      await sims.dispose()
    }
  })
})
