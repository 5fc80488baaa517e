/** Prints bench/results.json as the Markdown table the README shows: `node --import tsx bench/markdown.ts`. */
import { readFileSync } from 'node:fs'
import { tableMarkdown, type BenchRow } from './lib/report.js'

const results = JSON.parse(readFileSync(new URL('./results.json', import.meta.url), 'utf8')) as { date: string; machine: string; seconds: number; rows: BenchRow[] }
console.log(`${results.date.slice(0, 10)}, ${results.machine}, whole run ${results.seconds} s\n`)
console.log(tableMarkdown(results.rows))
