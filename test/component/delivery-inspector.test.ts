import { describe, expect, it } from 'vitest'
import DeliveryInspector from '@renderer/components/DeliveryInspector.vue'
import DeliveryTable from '@renderer/components/DeliveryTable.vue'
import type { DeliveryDetailDto } from '../../src-shared/contract.js'
import { prettyPayload } from '@renderer/composables/delivery-text.js'
import { freshPinia, mountWithApp } from './mount.js'

const payload = JSON.stringify({ event: 'coupons.settled', batchId: 'b-9', couponCount: 1, coupons: [{ coupon_code: '000000000272', realWin: 25.5, note: '<img src=x onerror=alert(1)>' }] })

function detail(over: Partial<DeliveryDetailDto> = {}): DeliveryDetailDto {
  return {
    id: 12, batchId: 'b-9', receivedAt: 1_784_897_500_000, verdict: 'valid', reason: 'duplicate', detail: null, size: payload.length, duplicate: true,
    firstDeliveryId: 7, repeats: 1, couponCount: 1, couponCodes: ['000000000272'], claimedBatchId: null,
    headers: [['Content-Type', 'application/json'], ['X-Coupon-Signature', 'sha256=' + 'a'.repeat(64)], ['Authorization', '[redacted]']],
    answer: { status: 200, body: '{"success":true,"processed":1}' }, payload, payloadBytes: payload.length, payloadTruncated: false, payloadSource: 'batch',
    body: null, reverify: null, ...over,
  }
}

describe('delivery inspector', () => {
  it('shows the payload pretty and as text, the headers, why, the first delivery and links to the coupons', async () => {
    const { wrapper } = await mountWithApp(DeliveryInspector, freshPinia(), { props: { delivery: detail() }, attachTo: document.body })
    const root = document.body
    const pre = root.querySelector('[data-testid="inspector-payload"]')!
    expect(pre.textContent).toBe(JSON.stringify(JSON.parse(payload), null, 2))
    // Service text is data: the tag inside the payload is text, never an element.
    expect(root.querySelector('[data-testid="delivery-inspector"] img')).toBeNull()
    expect(root.querySelector('[data-testid="inspector-reason"]')!.textContent).toMatch(/already applied: nothing was credited again/)
    expect(root.querySelector('[data-testid="inspector-duplicate"]')!.textContent).toContain('#7')
    const link = root.querySelector<HTMLAnchorElement>('[data-testid="inspector-coupon-link"]')!
    expect(link.textContent).toBe('000000000272')
    expect(link.getAttribute('href')).toContain('/coupons?code=000000000272')
    const headers = root.querySelector('[data-testid="inspector-headers"]')!.textContent!
    expect(headers).toContain('X-Coupon-Signature')
    expect(headers).toContain('[redacted]')
    expect(root.querySelector('[data-testid="inspector-answer-status"]')!.textContent).toContain('200')
    ;(root.querySelector('[data-testid="inspector-open-first"]') as HTMLElement).click()
    expect(wrapper.emitted('open')).toEqual([[7]])
    wrapper.unmount()
  })

  it('a refused delivery says why, what its body claims, and that its body was dropped', async () => {
    const { wrapper } = await mountWithApp(DeliveryInspector, freshPinia(), {
      props: { delivery: detail({ batchId: null, verdict: 'forged', reason: 'signature_mismatch', duplicate: false, firstDeliveryId: null, repeats: 0, claimedBatchId: 'b-10', payload: null, payloadBytes: null, payloadSource: null, body: 'dropped', answer: { status: 401, body: '{"success":false,"error":"signature_mismatch"}' } }) },
      attachTo: document.body,
    })
    const root = document.body
    expect(root.querySelector('[data-testid="inspector-verdict"]')!.textContent).toBe('Signature refused')
    expect(root.querySelector('[data-testid="inspector-reason"]')!.textContent).toMatch(/does not match the body/)
    expect(root.querySelector('[data-testid="inspector-body-note"]')!.textContent).toMatch(/dropped to stay within the limits/)
    expect(root.textContent).toContain('b-10 (not verified)')
    expect(root.querySelector('[data-testid="inspector-payload"]')).toBeNull()
    wrapper.unmount()
  })

  it('a row opens from its id button (keyboard) and from a click', async () => {
    const items = [{ id: 3, batchId: null, receivedAt: 1, verdict: 'forged', size: 10, answer: 401, reason: 'signature_missing', body: 'kept' as const, couponCodes: ['000000000001'] }]
    const { wrapper } = await mountWithApp(DeliveryTable, freshPinia(), { props: { items } })
    const button = wrapper.find('[data-testid="delivery-open"]')
    expect(button.attributes('aria-label')).toBe('Open delivery 3')
    await button.trigger('click')
    await wrapper.find('[data-testid="delivery-row"]').trigger('click')
    expect(wrapper.emitted('open')).toEqual([[3], [3]])
    expect(wrapper.find('[data-testid="delivery-reason"]').text()).toBe('no signature')
    wrapper.unmount()
  })

  it('pretty-prints JSON and leaves anything else as received', () => {
    expect(prettyPayload('{"a":1}')).toEqual({ text: '{\n  "a": 1\n}', json: true })
    expect(prettyPayload('{"a":')).toEqual({ text: '{"a":', json: false })
    expect(prettyPayload('{"a":1}', true)).toEqual({ text: '{"a":1}', json: false })
    expect(prettyPayload(null)).toBeNull()
  })
})

describe('deep links and the re-verify report', { timeout: 20_000 }, () => {
  it('/timeline?delivery=<id> opens that delivery on the deliveries tab', async () => {
    const { installFakeDesk } = await import('./fake-desk.js')
    const { flushPromises } = await import('@vue/test-utils')
    const { default: TimelineView } = await import('@renderer/views/TimelineView.vue')
    const fake = installFakeDesk({
      'timeline.query': () => ({ items: [], nextCursor: null }),
      'timeline.deliveries': () => ({ items: [], nextCursor: null, kept: { count: 1, bytes: 500, pending: 1, dropped: { count: 2, bytes: 900, lastAt: 1_784_897_500_000 }, limits: { maxCount: 200, maxBytes: 64 * 1024 * 1024 } } }),
      'timeline.delivery': (input) => detail({ id: (input as { id: number }).id }),
      'listener.reverify': () => ({ checked: 2, applied: [{ id: 5, batchId: 'b-5', codes: ['000000000005'] }], duplicates: [], stillRefused: [{ id: 6, reason: 'signature_mismatch' }], secretSet: true }),
    })
    const pinia = freshPinia()
    const router = (await import('@renderer/router.js')).createDeskRouter((await import('vue-router')).createMemoryHistory())
    await router.push('/timeline?delivery=12')
    const { mount } = await import('@vue/test-utils')
    const { createDeskI18n } = await import('@renderer/i18n/index.js')
    const wrapper = mount(TimelineView, { global: { plugins: [pinia, createDeskI18n(), router] }, attachTo: document.body })
    await flushPromises()
    expect(fake.callsTo('timeline.delivery')).toEqual([{ id: 12 }])
    expect(document.body.querySelector('[data-testid="delivery-inspector"]')).not.toBeNull()
    expect(document.body.querySelector('[data-testid="deliveries-dropped"]')!.textContent).toMatch(/dropped to stay within the limits: 2 \(900 B\)/)
    ;(document.body.querySelector('[data-testid="deliveries-reverify"]') as HTMLElement).click()
    await flushPromises()
    expect(document.body.querySelector('[data-testid="deliveries-reverify-result"]')!.textContent).toMatch(/2 checked, 1 applied, 0 already applied, 1 still refused.*#6 wrong signature/)
    wrapper.unmount()
  })
})
