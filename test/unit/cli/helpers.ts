import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { CliIo } from '../../../src-main/core/cli/io.js'
import { runCli, type RunOptions } from '../../../src-main/core/cli/program.js'

export interface Captured {
  code: number
  stdout: string
  stderr: string
  json<T = unknown>(): T
}

export interface TestIoOptions {
  env?: Record<string, string | undefined>
  prompt?: (question: string) => string | null
  homeDir?: string
}

export function testIo(options: TestIoOptions = {}): CliIo & { out: string[]; err: string[]; questions: string[] } {
  const out: string[] = []
  const err: string[] = []
  const questions: string[] = []
  return {
    out,
    err,
    questions,
    stdout: (t) => void out.push(t),
    stderr: (t) => void err.push(t),
    env: options.env ?? {},
    homeDir: options.homeDir ?? mkdtempSync(join(tmpdir(), 'desk-home-')),
    promptSecret: async (q) => {
      questions.push(q)
      return options.prompt ? options.prompt(q) : null
    },
  }
}

export async function run(argv: string[], options: TestIoOptions & { contextOptions?: RunOptions['contextOptions'] } = {}): Promise<Captured> {
  const io = testIo(options)
  const code = await runCli(argv, { io, contextOptions: options.contextOptions })
  const stdout = io.out.join('')
  return {
    code,
    stdout,
    stderr: io.err.join(''),
    json: <T>() => JSON.parse(stdout) as T,
  }
}
