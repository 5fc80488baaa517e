/**
 * Per-service connection state pushed by main (`connection.changed`), and the callback listener
 * through main's `listener` subscription (held while the listener card shows it).
 */
import { defineStore } from 'pinia'
import { computed, reactive, ref } from 'vue'
import type { ConnectionState, ConnectionStatus, ListenerStateDto, ListenerStatusDto, StateReason } from '../../src-shared/contract.js'
import { call, epochRef, observeCalls, onEpochChange, onEvent } from '../api/desk.js'
import { sharedWatch } from '../api/shared-watch.js'
import { attempt } from '../composables/errors.js'
import { useProfilesStore } from './profiles.js'

export type Service = 'coupons' | 'feed' | 'listener'
export interface ServiceState {
  state: ConnectionState
  reason: StateReason | null
  at: number | null
}

export const useConnectionStore = defineStore('connection', () => {
  const services = reactive<Record<Service, ServiceState>>({
    coupons: { state: 'unknown', reason: null, at: null },
    feed: { state: 'unknown', reason: null, at: null },
    listener: { state: 'unknown', reason: null, at: null },
  })

  /** Worst state across coupons and feed (the listener is optional and does not colour the whole bar). */
  const overall = computed<ConnectionState>(() => {
    const states = [services.coupons.state, services.feed.state]
    if (states.includes('offline')) return 'offline'
    if (states.includes('degraded')) return 'degraded'
    if (states.every((s) => s === 'online')) return 'online'
    return 'unknown'
  })

  function set(service: Service, state: ConnectionState, reason: StateReason | null): void {
    services[service] = { state, reason, at: Date.now() }
  }

  /** The local callback listener (the third "connection": inbound settlement callbacks). */
  const listener = epochRef<ListenerStatusDto | null>(() => null)
  const listenerBusy = ref(false)
  /**
   * A "choose" (0) port is kept in the profile by main at the first bind: the profile list is read
   * again, so an edit saved from Settings keeps that port instead of sending the 0 it was read with.
   */
  function notePort(status: ListenerStatusDto): void {
    const profiles = useProfilesStore()
    if (status.url && profiles.active?.listener.port === 0) void profiles.load()
  }
  function applyListener(s: ListenerStateDto): void {
    listener.value = s.status
    set('listener', s.connection.state, s.connection.reason)
    notePort(s.status)
  }
  const listenerWatch = sharedWatch({ name: 'listener' }, { snapshot: applyListener, delta: (d) => applyListener(d) })
  async function listenerCall(method: 'start' | 'stop'): Promise<void> {
    listenerBusy.value = true
    try {
      const v = await attempt(() => call('listener', method), `listener.${method}`)
      if (v) {
        listener.value = v
        notePort(v)
      }
    } finally {
      listenerBusy.value = false
    }
  }

  // Main reports transitions only; one that happened before this window subscribed is missed. A
  // successful answer proves the service reachable, so an `unknown` state is upgraded (never a pushed one).
  const SERVICE_OF: Partial<Record<string, Service>> = { coupons: 'coupons', balance: 'coupons', feed: 'feed' }
  observeCalls((domain, _method, ok) => {
    const service = SERVICE_OF[domain]
    if (ok && service && services[service].state === 'unknown') set(service, 'online', null)
  })

  /** Initial states from `app.info`; a state already pushed to this window is newer and is kept. */
  function seed(states: Record<Service, ConnectionStatus>): void {
    for (const service of Object.keys(services) as Service[]) {
      if (services[service].state === 'unknown' && states[service]) set(service, states[service].state, states[service].reason)
    }
  }

  onEvent('connection.changed', (e) => set(e.service, e.state, e.reason))
  // Another profile, other services: unknown until app.info (reloaded by the app store) or a push says.
  onEpochChange(() => {
    for (const service of Object.keys(services) as Service[]) services[service] = { state: 'unknown', reason: null, at: null }
  })

  return {
    services,
    overall,
    set,
    seed,
    listener,
    listenerBusy,
    listenerWatch,
    listenerStatus: listenerWatch.status,
    listenerStale: listenerWatch.stale,
    startListener: () => listenerCall('start'),
    stopListener: () => listenerCall('stop'),
  }
})
