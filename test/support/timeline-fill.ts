import Database from 'libsql'

/**
 * Writes `entries` timeline rows straight into a history database (in one transaction): coupons placed
 * then settled, one minute apart, every fifth coupon placed elsewhere. For paging and totals at scale.
 */
export function fillTimeline(file: string, entries: number, startAt = Date.UTC(2026, 0, 1)): { firstAt: number; lastAt: number } {
  const db = new Database(file)
  const insertEntry = db.prepare('INSERT INTO timeline (at, kind, coupon_code, source, status, batch_id, grp, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
  const insertCoupon = db.prepare('INSERT INTO coupons (code, status, amount, real_win, placed_by_desk, updated_at) VALUES (?, ?, ?, ?, ?, ?)')
  let at = startAt
  db.exec('BEGIN')
  for (let i = 0; i < entries; i += 2) {
    const code = String(900_000_000_000 + i / 2).padStart(12, '0')
    const here = (i / 2) % 5 !== 0
    const amount = 10 + ((i / 2) % 7)
    const won = (i / 2) % 3 === 0
    insertCoupon.run(code, won ? 2 : 4, amount, won ? amount * 2 : 0, here ? 1 : 0, at)
    insertEntry.run(at, here ? 'coupon_placed' : 'coupon_seen', code, here ? 'placement' : 'poll', 0, null, code, JSON.stringify({ amount, bets: 1 }))
    at += 60_000
    if (i + 1 < entries) {
      insertEntry.run(at, 'settled', code, 'callback', won ? 2 : 4, null, code, JSON.stringify({ realWin: won ? amount * 2 : 0, ledger: { kind: 'credit', amount: won ? amount * 2 : 0 } }))
      at += 60_000
    }
  }
  db.exec('COMMIT')
  db.close()
  return { firstAt: startAt, lastAt: at - 60_000 }
}
