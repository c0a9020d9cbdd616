/**
 * A small CSV reader for the files staff export from spreadsheets: RFC 4180 quoting (`"a, b"`,
 * doubled `""`), CRLF or LF, a UTF-8 BOM, and the delimiter sniffed among `,` `;` tab `|` (Excel
 * in Spanish locales writes `;`). Own code rather than a dependency: the input is capped at a few
 * MB and we only need cell strings to find one column of numbers — no types, streams or dialects.
 */
const CANDIDATES = [',', ';', '\t', '|'] as const;

/** The delimiter that splits the first lines most consistently (most columns, outside quotes). */
export function sniffDelimiter(text: string): string {
  const sample = text.split(/\r?\n/u, 20).filter((line) => line.trim() !== '');
  let best: string = ',';
  let bestScore = 0;
  for (const delimiter of CANDIDATES) {
    const counts = sample.map((line) => countOutsideQuotes(line, delimiter));
    const min = Math.min(...counts);
    // Every sampled line should have the delimiter; more columns break ties.
    const score = min > 0 ? min * 1000 + counts.reduce((a, b) => a + b, 0) : 0;
    if (score > bestScore) {
      best = delimiter;
      bestScore = score;
    }
  }
  return best;
}

function countOutsideQuotes(line: string, delimiter: string): number {
  let count = 0;
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === delimiter && !quoted) count += 1;
  }
  return count;
}

/** Parses CSV text into rows of cell strings (the delimiter sniffed unless given). */
export function parseCsv(input: string, delimiter = sniffDelimiter(input)): string[][] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        cell += char;
      }
    } else if (char === '"' && cell === '') {
      quoted = true;
    } else if (char === delimiter) {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else {
      cell += char;
    }
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((cells) => cells.some((value) => value.trim() !== ''));
}
