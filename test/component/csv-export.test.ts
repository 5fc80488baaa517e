import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import Papa from 'papaparse'
import { exportFileName, toCsv, type CsvColumn } from '@renderer/composables/csv'

interface Row { team: string; amount: number }
const columns: CsvColumn<Row>[] = [
  { header: 'Team', value: (row) => row.team },
  { header: 'Amount', value: (row) => row.amount },
]

describe('CSV export', () => {
  it('neutralises text a spreadsheet would run as a formula, keeps numbers numbers', () => {
    const text = toCsv(columns, [
      { team: '=HYPERLINK("http://x","y")', amount: -100.5 },
      { team: '+1 Dynamo', amount: 25 },
      { team: '@SUM(A1)', amount: 0 },
      { team: '-2 "Kyiv", FC', amount: 1 },
    ])
    const lines = text.split('\r\n')
    expect(lines[0]).toBe('"Team","Amount"')
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://x"",""y"")",-100.5`)
    expect(lines[2]).toBe(`"'+1 Dynamo",25`)
    expect(lines[3]).toBe(`"'@SUM(A1)",0`)
    expect(lines[4]).toBe(`"'-2 ""Kyiv"", FC",1`)
  })

  it('reads back to the same cells for any text (bar the neutralising quote)', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ team: fc.string(), amount: fc.integer() }), { maxLength: 20 }), (rows) => {
        const parsed = Papa.parse<string[]>(toCsv(columns, rows), { newline: '\r\n' }).data.slice(1)
        rows.forEach((row, i) => {
          const cell = parsed[i]?.[0] ?? ''
          expect(/^[=+\-@\t\r]/.test(row.team) ? cell.slice(1) : cell).toBe(row.team)
          expect(Number(parsed[i]?.[1])).toBe(row.amount)
        })
      }),
    )
  })

  it('names files safely', () => {
    expect(exportFileName('coupons', 'Client A/B', Date.UTC(2026, 10, 26, 18, 5))).toBe('partner-desk-coupons-Client_A_B-2026-11-26-18-05.csv')
  })
})
