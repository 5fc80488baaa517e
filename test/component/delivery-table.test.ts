import { describe, expect, it } from 'vitest'
import DeliveryTable from '@renderer/components/DeliveryTable.vue'
import { freshPinia, mountWithApp } from './mount.js'

describe('delivery inspector', () => {
  it('shows a delivery refused for size as "too large" with what to do, not as a bare code', async () => {
    const items = [
      { id: 2, batchId: null, receivedAt: 1_700_000_000_000, verdict: 'too_large', size: 20_000_000, answer: 503 },
      { id: 1, batchId: 'b-1', receivedAt: 1_700_000_000_000, verdict: 'valid', size: 300, answer: 200 },
    ]
    const { wrapper } = await mountWithApp(DeliveryTable, freshPinia(), { props: { items } })
    const rows = wrapper.findAll('[data-testid="delivery-row"]')
    expect(rows.map((r) => r.attributes('data-verdict'))).toEqual(['too_large', 'valid'])
    expect(rows[0]!.text()).toContain('too large: raise the body limit')
    expect(rows[0]!.find('[title]').attributes('title')).toMatch(/retries after 1, 5, 15 and 60 minutes/)
    expect(rows[0]!.text()).toContain('503')
    expect(rows[1]!.text()).toContain('valid')
    wrapper.unmount()
  })
})
