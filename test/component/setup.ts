import { afterAll, afterEach, beforeAll, expect } from 'vitest'
import { disableAutoUnmount, enableAutoUnmount } from '@vue/test-utils'
import { missingKeys } from '@renderer/i18n/index.js'

/**
 * Component files share a worker's page and module state (the project runs without per-file
 * isolation): what a test mounts is unmounted after it, so nothing it started (a shared clock tick,
 * a keymap listener, a visibility handler) outlives it, and each file starts from an empty page and
 * storage. This file runs before every test file, and a hook belongs to the file it was registered
 * in: Vue Test Utils (loaded once per worker) is told afresh for each file.
 */
disableAutoUnmount()
enableAutoUnmount(afterEach)

beforeAll(() => {
  localStorage.clear()
  sessionStorage.clear()
  document.body.innerHTML = ''
  missingKeys.splice(0, missingKeys.length)
})

// The i18n keys a file's views asked for and the messages lack: found in the file that shows them.
afterAll(() => {
  expect(missingKeys, 'i18n keys missing from the messages').toEqual([])
})
