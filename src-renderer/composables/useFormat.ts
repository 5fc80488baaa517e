import { computed } from 'vue'
import { useProfilesStore } from '../stores/profiles.js'
import { formatDateTime, formatMoney, formatOdds, formatStart, formatTime, formatTimer, type Zone } from './format.js'

/** Formatters bound to the active profile's time zone (UTC unless the profile says local). */
export function useFormat() {
  const profiles = useProfilesStore()
  const zone = computed<Zone>(() => profiles.active?.timeZone ?? 'utc')
  return {
    zone,
    money: formatMoney,
    odds: formatOdds,
    timer: formatTimer,
    dateTime: (ms: number | null | undefined) => formatDateTime(ms, zone.value),
    time: (ms: number | null | undefined) => formatTime(ms, zone.value),
    start: (ms: number | null | undefined) => formatStart(ms, zone.value),
  }
}
