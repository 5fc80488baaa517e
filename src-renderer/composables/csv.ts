import Papa from 'papaparse'

/** One column of an export: its header (already translated) and how to read a row's cell. */
export interface CsvColumn<Row> {
  header: string
  value: (row: Row) => string | number | boolean | null | undefined
}

/**
 * The rows as CSV text: every text cell quoted, and a text cell that a spreadsheet would run as a
 * formula (starting with = + - @, a tab or a carriage return) prefixed with ' so it stays text.
 * Numbers stay numbers (a negative amount is not a formula). Service text is data, never code.
 */
export function toCsv<Row>(columns: ReadonlyArray<CsvColumn<Row>>, rows: ReadonlyArray<Row>): string {
  const data = rows.map((row) => columns.map((column) => column.value(row) ?? ''))
  return Papa.unparse(
    { fields: columns.map((column) => column.header), data },
    { quotes: (value: unknown) => typeof value === 'string', escapeFormulae: true, newline: '\r\n' },
  )
}

/** Saves text as a file through the browser's download (Electron shows its save dialog). */
export function downloadText(fileName: string, text: string, type = 'text/csv;charset=utf-8'): void {
  // A BOM so spreadsheet programs read UTF-8 (team names in Cyrillic) without asking.
  const blob = new Blob(['\ufeff', text], { type })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/** `partner-desk-<what>-<profile>-<UTC stamp>.csv`, safe as a file name on every system. */
export function exportFileName(what: string, profileName: string, now: number): string {
  const stamp = new Date(now).toISOString().slice(0, 16).replace(/[:T]/g, '-')
  const safe = (text: string) => text.replace(/[^\p{L}\p{N}_-]+/gu, '_').slice(0, 40)
  return `partner-desk-${safe(what)}-${safe(profileName)}-${stamp}.csv`
}
