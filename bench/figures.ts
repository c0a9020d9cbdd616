/** What the benches print with: quantiles of sorted timings and aligned tables. */

/** The `q` quantile (0–1) of sorted values; NaN when there are none. */
export function quantile(sorted: Float64Array, q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

/** Prints rows as columns: the first left-aligned, the others right-aligned. */
export function table(rows: string[][]): void {
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((r) => (r[col] ?? '').length)));
  for (const r of rows) {
    console.log(
      r.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]!) : cell.padStart(widths[col]!))).join('  '),
    );
  }
}
