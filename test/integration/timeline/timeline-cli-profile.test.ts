import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { join } from 'node:path'
import { timelineFile } from '../../../src-main/core/desk/index.js'
import { readTimeline, timelineFileFor } from '../../../src-main/core/cli/commands/timeline.js'
import { runCli } from '../../../src-main/core/cli/program.js'
import { openProfileStore } from '../../../src-main/core/profiles/open.js'
import { openTimelineStore } from '../../../src-main/core/timeline/store.js'
import { snap, tempDir } from '../callbacks/helpers.js'

/** `desk timeline` reads the history the console writes for a profile, not a data-dir file of its own. */
describe('desk timeline --profile', () => {
  let tmp: ReturnType<typeof tempDir>
  beforeEach(() => {
    tmp = tempDir('desk-tl-cli-')
  })
  afterEach(() => tmp.cleanup())

  const place = (file: string, code: string) => {
    const store = openTimelineStore(file)
    store.recordPlacement([snap({ coupon_code: code, amount: 5, status: 0, events_data: [] })])
    store.close()
  }

  it("reads <dataDir>/profiles/<id>/timeline.sqlite of the named or active profile, as the console writes it", () => {
    const profiles = openProfileStore({ dataDir: tmp.dir }).profiles
    const active = profiles.active()
    place(timelineFile(tmp.dir, active.id), '000000000001')
    place(join(tmp.dir, 'timeline.sqlite'), '000000000099')

    expect(timelineFileFor(tmp.dir, active.id)).toBe(timelineFile(tmp.dir, active.id))
    expect(readTimeline(timelineFileFor(tmp.dir, active.id)).map((e) => e.couponCode)).toEqual(['000000000001'])
    expect(readTimeline(timelineFileFor(tmp.dir, active.name)).map((e) => e.couponCode)).toEqual(['000000000001'])
    // No --profile: the active profile's history.
    expect(readTimeline(timelineFileFor(tmp.dir)).map((e) => e.couponCode)).toEqual(['000000000001'])
    expect(() => timelineFileFor(tmp.dir, 'no-such-profile')).toThrow(expect.objectContaining({ code: 'profile_not_found' }))
  })

  it('`desk timeline --profile <name> --json` prints that profile\'s entries', async () => {
    const profiles = openProfileStore({ dataDir: tmp.dir }).profiles
    const active = profiles.active()
    place(timelineFile(tmp.dir, active.id), '000000000005')
    const out: string[] = []
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => (out.push(String(chunk)), true))
    try {
      expect(await runCli(['timeline', '--data-dir', tmp.dir, '--profile', active.name, '--json'])).toBe(0)
    } finally {
      spy.mockRestore()
    }
    expect((JSON.parse(out.join('')) as Array<{ couponCode: string }>).map((e) => e.couponCode)).toEqual(['000000000005'])
  })
})
