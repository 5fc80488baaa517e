/**
 * The environment doctor of the active profile: the last report (`doctor.last`, read when the card
 * opens) and a run (`doctor.run`). A report belongs to one profile (`epochRef`: dropped when the
 * profile epoch changes). "Check this environment" beside a connection error asks for a run and for
 * the card to be brought into view (`focusRequest`), wherever the operator clicked it.
 */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { DoctorReportDto } from '../../src-shared/contract.js'
import { call, epochRef, isStaleEpoch, toDeskError } from '../api/desk.js'
import { attempt } from '../composables/errors.js'

export const useDoctorStore = defineStore('doctor', () => {
  const report = epochRef<DoctorReportDto | null>(() => null)
  /** `doctor.last` has answered for this profile (null then means "never checked"). */
  const loaded = epochRef(() => false)
  const running = epochRef(() => false)
  /** When the current run started (local clock), for "checking… 3 s". */
  const runningSince = epochRef<number | null>(() => null)
  const error = epochRef<{ code: string; message: string } | null>(() => null)
  /** Bumped by "Check this environment": the card scrolls itself into view and takes focus. */
  const focusRequest = ref(0)
  /** The last request the card has answered (it may open only after the click, on another view). */
  const focusHandled = ref(0)

  /** The stored report; a failed read is reported like any failed call (the card still offers Run). */
  async function loadLast(): Promise<void> {
    const last = await attempt(() => call('doctor', 'last'), 'doctor.last')
    if (last === undefined) return
    // A run that finished meanwhile is newer than what was stored before it.
    if (!report.value || (last && last.at > report.value.at)) report.value = last
    loaded.value = true
  }

  async function run(): Promise<void> {
    if (running.value) return
    running.value = true
    runningSince.value = Date.now()
    error.value = null
    try {
      report.value = await call('doctor', 'run')
      loaded.value = true
    } catch (err) {
      // The answer of a profile no longer active: the epoch change already cleared this state.
      if (isStaleEpoch(err)) return
      const e = toDeskError(err)
      error.value = { code: e.code, message: e.message }
    } finally {
      running.value = false
      runningSince.value = null
    }
  }

  /** "Check this environment": run now and bring the card into view. */
  function checkNow(): void {
    focusRequest.value++
    void run()
  }

  return { report, loaded, running, runningSince, error, focusRequest, focusHandled, loadLast, run, checkNow }
})
