import { createRequire } from 'node:module'
import { resolve } from 'node:path'

/**
 * The packaging configuration exactly as electron-builder reads it (its own loader, from the
 * repository root), and its own schema validation. Shared by the packaging test and the stand-in
 * launcher, which passes the configured fuses to the stand-in.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type BuilderConfig = Record<string, any>

const require = createRequire(import.meta.url)
const root = resolve(import.meta.dirname, '../..')

export async function loadBuilderConfig(): Promise<{ config: BuilderConfig; validate(): Promise<void> }> {
  const { getConfig, validateConfiguration } = require('app-builder-lib/out/util/config/config') as {
    getConfig(projectDir: string, configPath: string | null, fromOptions: unknown): Promise<BuilderConfig>
    validateConfiguration(config: BuilderConfig, logger: unknown): Promise<void>
  }
  const { DebugLogger } = require('builder-util') as { DebugLogger: new (enabled: boolean) => unknown }
  const config = await getConfig(root, null, null)
  return { config, validate: () => validateConfiguration(structuredClone(config), new DebugLogger(false)) }
}
