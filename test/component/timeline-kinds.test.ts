import { describe, expect, it } from 'vitest'
import { TIMELINE_KINDS } from '../../src-main/core/timeline/types.js'
import { messages } from '@renderer/i18n/index.js'

/** Every kind the timeline store writes has words in the console (an unknown one would show raw). */
describe('timeline kinds in the console', () => {
  it('every kind has a label', () => {
    const labels = messages.timeline.kinds as Record<string, string>
    expect(TIMELINE_KINDS.filter((kind) => typeof labels[kind] !== 'string')).toEqual([])
  })
})
