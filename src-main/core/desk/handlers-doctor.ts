import type { DeskHandlers } from '../../../src-shared/contract.js'
import { DeskError } from '../shared/errors.js'
import type { CoreContext } from './context.js'

/** doctor.*: the environment doctor for the active profile. */
export function doctorHandlers(_ctx: CoreContext): Pick<DeskHandlers, 'doctor'> {
  return {
    doctor: {
      async run() {
        throw new DeskError('internal', 'the environment doctor is not built yet')
      },
      async last() {
        return null
      },
    },
  }
}
