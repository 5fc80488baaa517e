import { flushPromises } from '@vue/test-utils'
import FeedBrowser from '@renderer/components/FeedBrowser.vue'
import type { LineType } from '../../src-shared/contract.js'
import { freshPinia, mountWithApp } from './mount.js'

/** The FeedBrowser of `lineType` in a fresh app, its first subscriptions answered. */
export async function mountFeedBrowser(lineType: LineType) {
  const mounted = await mountWithApp(FeedBrowser, freshPinia(), { props: { lineType } })
  await flushPromises()
  return mounted
}
