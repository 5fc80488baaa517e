import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { NOTES_PATH } from '../../support/captures.js'
import { parseJsonText } from '../../support/json-text.js'
import { COUPON_ALLOWANCES } from './coupon-allowances.js'
import { DRIFT_CASES } from './drift-cases.js'
import { FEED_ALLOWANCES, CALENDAR_SHAPE } from './feed-allowances.js'
import { allowanceProblems, factProblem, shapeDifferences, type Allowance, type LineType } from './parity.js'

/** The gate itself must catch drift, and only a cited fact may excuse a difference. */
const values = (texts: string[]) => texts.map(parseJsonText)

function gate(endpoint: string, answers: Partial<Record<LineType, { production: string[]; simulator: string[] }>>, allowances: Allowance[] = []) {
  return Object.entries(answers).flatMap(([lineType, a]) =>
    shapeDifferences({ endpoint, lineType: lineType as LineType, production: values(a.production), simulator: values(a.simulator), allowances }),
  )
}

describe('the production-shape gate', () => {
  it.each(DRIFT_CASES.map((c) => [c.name, c] as const))('catches %s', (_name, c) => {
    expect(gate(c.endpoint, c.answers)).toContain(c.caught)
    // The same answers without the drift pass.
    const clean = Object.fromEntries(Object.entries(c.answers).map(([t, a]) => [t, { production: a.production, simulator: a.production }]))
    expect(gate(c.endpoint, clean)).toEqual([])
  })

  it('reports a renamed key both ways, and kinds both ways', () => {
    const production = ['{"body":[{"game_id":1,"opp1":"A","oc_size":0},{"game_id":2,"opp1":"B","oc_size":"1.5"}]}']
    expect(gate('feed events', { line: { production, simulator: ['{"body":[{"game_id":1,"team1":"A","oc_size":0}]}'] } })).toEqual([
      'feed events [line] body[].opp1: missing in the simulator (production: free text)',
      'feed events [line] body[].oc_size: the simulator never sends numeric text (production: integer|numeric text, simulator: integer)',
      "feed events [line] body[].team1: not in production's answers (simulator: free text)",
    ])
  })

  it('reports a key production sends only sometimes that the simulator always sends', () => {
    const answers = { line: { production: ['{"body":[{"a":1},{"a":2,"b":null}]}'], simulator: ['{"body":[{"a":1,"b":null}]}'] } }
    expect(gate('feed events', answers)).toEqual(['feed events [line] body[].b: present always in the simulator, sometimes in production'])
  })

  it('an allowance excuses one endpoint, one line type, one exact path and the kinds it lists, nothing else', () => {
    const fact = { line: 36, quote: '`va` is null or 1' }
    const answers = { production: ['{"body":{"va":null,"zp":null}}'], simulator: ['{"body":{"va":1,"zp":7}}', '{"body":{"va":null,"zp":null}}'] }
    const va: Allowance = { endpoint: 'feed event', lineType: 'live', path: 'body.va', extraKinds: ['integer'], fact }
    expect(gate('feed event', { live: answers }, [va])).toEqual(['feed event [live] body.zp: the simulator sends integer where production sends null'])
    expect(gate('feed event', { line: answers }, [va])).toContain('feed event [line] body.va: the simulator sends integer where production sends null')
    expect(gate('feed events', { live: answers }, [va])).toContain('feed events [live] body.va: the simulator sends integer where production sends null')
    // Paths are exact: `?` and `*` are plain characters, so this names no path of the answer.
    const glob: Allowance = { ...va, path: 'body.v?' }
    expect(gate('feed event', { live: answers }, [glob])).toContain('feed event [live] body.v?: allowance excuses nothing (extraKinds:integer); remove it')
  })

  it('an allowance that excuses nothing is a difference: stale allowances cannot pile up', () => {
    const idle: Allowance = { endpoint: 'feed menu', lineType: 'line', path: 'body[].id', extraKinds: ['null'], fact: { line: 36, quote: 'va' } }
    expect(gate('feed menu', { line: same('{"body":[{"id":1}]}') }, [idle])).toEqual(['feed menu [line] body[].id: allowance excuses nothing (extraKinds:null); remove it'])
  })

  it('a new key needs every one of its kinds allowed, and its children each their own allowance', () => {
    const fact = { line: 66, quote: 'ids' }
    const answers = { production: ['{"body":{"sports":"all"}}'], simulator: ['{"body":{"sports":[1,3]}}'] }
    const onlyArray: Allowance = { endpoint: 'feed account', path: 'body.sports', extraKinds: ['array'], fact }
    const out = shapeDifferences({ endpoint: 'feed account', production: values(answers.production), simulator: values(answers.simulator), allowances: [onlyArray] })
    expect(out).toEqual(['feed account body.sports: the simulator never sends free text (production: free text, simulator: array)', "feed account body.sports[]: not in production's answers (simulator: integer)"])
  })

  it('kinds come from the text: 5.0 is a float, "65" numeric text, "" free text', () => {
    const d = gate('feed event', { line: { production: ['{"a":5.0,"b":"65","c":""}'], simulator: ['{"a":5,"b":"x","c":"1"}'] } })
    expect(d).toEqual([
      'feed event [line] a: the simulator never sends float (production: float, simulator: integer)',
      'feed event [line] a: the simulator sends integer where production sends float',
      'feed event [line] b: the simulator never sends numeric text (production: numeric text, simulator: free text)',
      'feed event [line] b: the simulator sends free text where production sends numeric text',
      'feed event [line] c: the simulator never sends free text (production: free text, simulator: numeric text)',
      'feed event [line] c: the simulator sends numeric text where production sends free text',
    ])
  })
})

const same = (text: string) => ({ production: [text], simulator: [text] })

const HAVE_NOTES = existsSync(NOTES_PATH)
if (!HAVE_NOTES && process.env.CI === 'true') throw new Error(`CI=true: ${NOTES_PATH} is required (the allowances cite it)`)

describe.skipIf(!HAVE_NOTES)('every allowance rests on a fact of real-service-notes.md', () => {
  const notes = HAVE_NOTES ? readFileSync(NOTES_PATH, 'utf8') : ''

  it('quotes the cited line, one allowance per endpoint, line type and path', () => {
    expect(allowanceProblems([...FEED_ALLOWANCES, ...COUPON_ALLOWANCES], notes)).toEqual([])
    expect(factProblem(CALENDAR_SHAPE, notes)).toBeNull()
  })

  it('a misquoted or uncited allowance is refused', () => {
    const bad: Allowance[] = [
      { endpoint: 'feed event', lineType: 'live', path: 'body.va', extraKinds: ['integer'], fact: { line: 37, quote: '`va` is null or 1' } },
      { endpoint: 'feed event', lineType: 'live', path: 'body.vi', extraKinds: ['null'], fact: { line: 36, quote: '' } },
      { endpoint: 'feed event', lineType: 'live', path: 'body.zp', fact: { line: 36, quote: '`zp` null' } },
    ]
    expect(allowanceProblems(bad, notes)).toEqual([
      'feed event [live] body.va: real-service-notes.md line 37 does not say "`va` is null or 1"',
      'feed event [live] body.vi: real-service-notes.md line 36 does not say ""',
      'feed event [live] body.zp: an allowance must name kinds or a presence',
    ])
  })
})
