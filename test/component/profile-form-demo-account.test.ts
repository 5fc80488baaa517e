import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { NSelect } from 'naive-ui'
import ProfileForm from '@renderer/components/ProfileForm.vue'
import { useAppStore } from '@renderer/stores/app.js'
import { useProfilesStore } from '@renderer/stores/profiles.js'
import { demoProfileDto } from './profile-fixtures.js'
import { installFakeDesk } from './fake-desk.js'
import { freshPinia, mountWithApp } from './mount.js'

const demo = demoProfileDto()

afterEach(() => {
  document.body.innerHTML = ''
})

describe('the Demo profile’s username', { timeout: 20_000 }, () => {
  it('is picked among the simulator’s accounts as main lists them; saving the pick stores it as the username', async () => {
    const fake = installFakeDesk({
      'profiles.list': () => ({ activeId: 'demo', profiles: [demo] }),
      'demo.accounts': () => [
        { username: 'demo', balance: 10000, state: 'active' },
        { username: 'expired', balance: 10000, state: 'expired' },
      ],
      'profiles.save': (input) => ({ ...demo, ...input, id: 'demo' }),
    })
    const pinia = freshPinia()
    await Promise.all([useAppStore().load(), useProfilesStore().load()])
    const { wrapper } = await mountWithApp(ProfileForm, pinia, { props: { profile: demo } })
    await flushPromises()
    const picker = wrapper.findComponent<typeof NSelect>('[data-testid="profile-demo-account"]')
    expect((picker.props('options') as Array<{ label: string }>).map((o) => o.label)).toEqual(['demo · 10,000.00 · active', 'expired · 10,000.00 · access expired'])
    picker.vm.$emit('update:value', 'expired')
    await wrapper.find('form').trigger('submit')
    await flushPromises()
    expect(fake.callsTo('profiles.save')).toEqual([expect.objectContaining({ id: 'demo', environment: 'demo', username: 'expired' })])
  })
})
