import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

// docs/layers.json is the one declaration the lint rules are generated from: it must name real folders and not contradict itself.
interface Layers {
  parts: Record<string, { is: string[] }>
  arrows: [string, string, string?][]
  never: [string, string, string][]
}
const layers = JSON.parse(readFileSync('docs/layers.json', 'utf8')) as Layers

describe('docs/layers.json', () => {
  it('names folders and files that exist, each on one part', () => {
    const all = Object.values(layers.parts).flatMap((p) => p.is)
    for (const path of all) expect(existsSync(path), path).toBe(true)
    expect(new Set(all).size).toBe(all.length)
  })

  it('gives every client and domain folder an index.ts to be imported through', () => {
    for (const folder of [...layers.parts.Clients.is, ...layers.parts.Domains.is]) expect(existsSync(`${folder}index.ts`), folder).toBe(true)
  })

  it('forbids nothing it allows, and draws arrows only between declared parts', () => {
    const parts = Object.keys(layers.parts)
    for (const [from, to] of [...layers.arrows, ...layers.never]) expect(parts).toEqual(expect.arrayContaining([from, to]))
    for (const [from, to] of layers.never) expect(layers.arrows.some(([a, b]) => a === from && b === to), `${from} -> ${to}`).toBe(false)
  })

  it('keeps the contract at the bottom and the simulator beside the clients', () => {
    expect(layers.parts.Contract.is).toEqual(['src-shared/'])
    expect(layers.arrows.filter(([from]) => from === 'Contract')).toEqual([])
    expect(layers.arrows.filter(([from]) => from === 'Simulator').map(([, to]) => to)).toEqual(['Base'])
    expect(layers.arrows.some(([a, b]) => (a === 'Domains' && b === 'Clients') || (a === 'Clients' && b === 'Simulator'))).toBe(false)
  })
})
