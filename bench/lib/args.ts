/** `npm run bench -- --quick`: every figure once, small sizes; the numbers then only prove it runs. */
export interface BenchConfig {
  quick: boolean
  /** Repetitions of each figure (median and spread). */
  reps: number
  /** Scale a size: full in a real run, `small` under --quick. */
  size(full: number, small: number): number
  /** Figures to run (names of bench/*.ts suites); empty: all. */
  only: Set<string>
}

export function configOf(argv: string[]): BenchConfig {
  const quick = argv.includes('--quick')
  const onlyArg = argv.find((a) => a.startsWith('--only='))
  return {
    quick,
    reps: quick ? 1 : 5,
    size: (full, small) => (quick ? small : full),
    only: new Set(onlyArg ? onlyArg.slice('--only='.length).split(',') : []),
  }
}
