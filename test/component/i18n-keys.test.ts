/// <reference types="node" />
/**
 * Every text key the renderer asks for exists in en.ts (a literal key not in the table fails here),
 * and every code main can send has words: error codes, timeline kinds, coupon and bet statuses.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { createDeskI18n, messages, missingKeys } from '@renderer/i18n/index.js'
import { ERROR_CODES, FEED_ANSWER_ERROR_CODES } from '../../src-shared/vocabulary/errors.js'
import { BET_STATUSES, COUPON_STATUSES } from '../../src-shared/vocabulary/statuses.js'
import { TIMELINE_KINDS } from '../../src-shared/vocabulary/timeline.js'
import { AMBIGUITY_REASONS } from '../../src-shared/vocabulary/placement.js'

const ROOT = resolve(process.cwd(), 'src-renderer')

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name)
    if (statSync(p).isDirectory()) return sources(p)
    return /\.(vue|ts)$/.test(name) ? [p] : []
  })
}

/** `t('a.b')`, `$t("a.b")`, `i18n.global.t(`a.b`)`, `tc(…)`: literal keys only (a key built at run time is checked by the tables below). */
const CALL = /(?<![\w$.])(?:\$t|t|tc|i18n\.global\.t)\(\s*(['"`])([^'"`$]+?)\1/g

function literalKeys(text: string): string[] {
  return [...text.matchAll(CALL)].map((m) => m[2]!)
}

function textAt(key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), messages)
}

describe('i18n keys', () => {
  it('every literal key in src-renderer is a text of en.ts', () => {
    const files = sources(ROOT)
    const used: Array<{ key: string; file: string }> = files.flatMap((file) => literalKeys(readFileSync(file, 'utf8')).map((key) => ({ key, file: relative(ROOT, file) })))
    expect(used.length).toBeGreaterThan(300)
    const unknown = used.filter(({ key }) => typeof textAt(key) !== 'string').map(({ key, file }) => `${file}: ${key}`)
    expect(unknown).toEqual([])
  })

  it('the scan finds the call forms it claims to', () => {
    expect(literalKeys(`t('a.b') $t("c.d", { n }) i18n.global.t(\`e.f\`) const x = notT('g.h') t(\`k.\${n}\`)`)).toEqual(['a.b', 'c.d', 'e.f'])
  })

  it('every error code has words', () => {
    expect(ERROR_CODES.filter((code) => typeof textAt(`errors.${code}`) !== 'string')).toEqual([])
    for (const code of FEED_ANSWER_ERROR_CODES) {
      expect(typeof textAt(`feedErrors.${code}.title`), code).toBe('string')
      expect(typeof textAt(`feedErrors.${code}.action`), code).toBe('string')
    }
  })

  it('every timeline kind, coupon status and bet status has words', () => {
    expect(TIMELINE_KINDS.filter((kind) => typeof textAt(`timeline.kinds.${kind}`) !== 'string')).toEqual([])
    expect(COUPON_STATUSES.filter((s) => typeof textAt(`coupons.status.${s}`) !== 'string')).toEqual([])
    expect(BET_STATUSES.filter((s) => typeof textAt(`coupons.betStatus.${s}`) !== 'string')).toEqual([])
  })

  it('every ambiguity reason of an undecided placement has words, and both vendor APIs have their error table', () => {
    expect(AMBIGUITY_REASONS.filter((r) => typeof textAt(`slip.ambiguityReasons.${r}`) !== 'string')).toEqual([])
    for (const api of ['new', 'legacy']) expect(Object.keys(textAt(`slip.vendorErrors.${api}`) as object)).toEqual(expect.arrayContaining(['501', '507', '10000']))
  })

  it('a missing key warns and is recorded', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { t } = createDeskI18n().global
    expect(t('coupons.nothingLikeThis')).toBe('coupons.nothingLikeThis')
    expect(missingKeys).toContain('coupons.nothingLikeThis')
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('coupons.nothingLikeThis'))
    missingKeys.splice(0, missingKeys.length)
    warn.mockRestore()
  })
})
