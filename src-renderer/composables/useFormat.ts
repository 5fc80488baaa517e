import { computed, type ComputedRef } from 'vue'
import { useI18n } from 'vue-i18n'
import { useProfilesStore } from '../stores/profiles.js'
import { useClockStore } from '../stores/clock.js'
import { isUiLanguage, type UiLanguage } from '../i18n/index.js'
import { formatDateTime, formatMoney, formatOdds, formatStamp, formatStart, formatTime, formatTimer, zoneName, type Zone } from './format.js'

/** The language the interface is shown in now (vue-i18n's locale, which App.vue keeps on the saved preference). */
export function useUiLanguage(): ComputedRef<UiLanguage> {
  const { locale } = useI18n()
  return computed<UiLanguage>(() => (isUiLanguage(locale.value) ? locale.value : 'en'))
}

/**
 * Formatters bound to the active profile's time zone (UTC unless the profile says local) and to the
 * language the interface is shown in (numbers and dates follow the words).
 */
export function useFormat() {
  const profiles = useProfilesStore()
  const zone = computed<Zone>(() => profiles.active?.timeZone ?? 'utc')
  const lang = useUiLanguage()
  const clock = useClockStore()
  /** A time this desk recorded (its own clock) put on the service's clock: the one clock every view shows. */
  const onServer = (ms: number | null | undefined) => (ms === null || ms === undefined ? ms : ms + clock.offsetMs())
  return {
    zone,
    lang,
    money: (n: number | null | undefined) => formatMoney(n, lang.value),
    odds: (n: number | null | undefined) => formatOdds(n, lang.value),
    timer: formatTimer,
    dateTime: (ms: number | null | undefined) => formatDateTime(ms, zone.value, lang.value),
    time: (ms: number | null | undefined) => formatTime(ms, zone.value),
    start: (ms: number | null | undefined) => formatStart(ms, zone.value, lang.value),
    /** Date and time without a zone mark: for places that name the zone (`zoneName`) beside it. */
    stamp: (ms: number | null | undefined) => formatStamp(ms, zone.value, lang.value),
    zoneName: (short = false) => zoneName(zone.value, short),
    onServer,
    /** `stamp` of a time this desk recorded, on the service's clock. */
    recorded: (ms: number | null | undefined) => formatStamp(onServer(ms), zone.value, lang.value),
    /** The offset applied, signed, in seconds (`+0.012 s`); null until measured. */
    offset: () => (clock.clock ? `${clock.clock.offsetMs >= 0 ? '+' : '−'}${(Math.abs(clock.clock.offsetMs) / 1000).toFixed(3)} s` : null),
  }
}
