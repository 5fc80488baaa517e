import { expect } from 'vitest'
import { DeskError } from '../../src-main/core/shared/errors.js'

/** The DeskError `promise` rejects with (fails the test when it resolves or rejects with anything else). */
export async function expectDeskError(promise: Promise<unknown>): Promise<DeskError> {
  const error = await promise.then(() => undefined, (e: unknown) => e)
  expect(error).toBeInstanceOf(DeskError)
  return error as DeskError
}
