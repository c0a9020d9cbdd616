import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { commands } from '../src/app/features.js';
import { createUnderstanding, type UnderstandContext } from '../src/language/index.js';
import { BOT_LINES } from './bot.js';
import { quantile, table } from './figures.js';

/**
 * `npm run bench -- language`: the cost of reading one message, `understand()` alone (no router,
 * no I/O), per message: over every row of the phrasing tables (test/bot/phrasings/*.table.ts, the
 * end-to-end contract), the bot bench's lines, named 64 KiB worst cases and a seeded corpus of
 * hostile messages up to 64 KiB (the fuzz test's generator). Issue 18: p99 ≤ 0.5 ms on 64 KiB.
 * The tables and the generator are test code, loaded through tsx (a dev dependency).
 */

/** Each set is read until it has this many samples or this much time (at least one full pass). */
const MIN_SAMPLES = 5_000;
const MAX_MS = 2_000;
const FUZZ_MESSAGES = 10_000;
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface Figures {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  perSecond: number;
}

/** Times each `read(text)` call, in passes over `texts` after one warm-up pass. */
function measure(texts: readonly string[], read: (text: string) => unknown): Figures {
  for (const text of texts) read(text);
  const times: number[] = [];
  const started = performance.now();
  do {
    for (const text of texts) {
      const at = performance.now();
      read(text);
      times.push(performance.now() - at);
    }
  } while (times.length < MIN_SAMPLES && performance.now() - started < MAX_MS);
  const sorted = Float64Array.from(times).sort();
  const total = times.reduce((sum, t) => sum + t, 0);
  return {
    count: texts.length,
    p50: quantile(sorted, 0.5),
    p95: quantile(sorted, 0.95),
    p99: quantile(sorted, 0.99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    perSecond: (times.length / total) * 1000,
  };
}

/** The test code the bench reads: the phrasing tables' rows and the hostile-text generator. */
async function testData() {
  const { tsImport } = await import('tsx/esm/api');
  const load = (file: string) =>
    tsImport(pathToFileURL(path.join(ROOT, file)).href, import.meta.url) as Promise<Record<string, unknown>>;
  const table = (await load(path.join('test', 'helpers', 'table-lines.ts'))) as {
    tableLines(): Promise<{ tables: number; lines: string[] }>;
  };
  const { tables, lines } = await table.tableLines();
  const rows = (await load(path.join('test', 'bot', 'phrasings', 'rows.ts'))) as { NOW: Date; OWN: string };
  const hostile = (await load(path.join('test', 'helpers', 'hostile-text.ts'))) as {
    hostileText(seed: number, index: number): string;
    hostileSamples(): Record<string, string>;
    SELF_DIGITS: string;
  };
  return { tables, lines, ...rows, ...hostile };
}

export async function bench(): Promise<void> {
  const data = await testData();
  const understanding = createUnderstanding(commands);
  const context: UnderstandContext = {
    isGroup: true,
    selfDigits: [data.SELF_DIGITS],
    now: data.NOW,
    ownRuc: data.OWN,
  };
  const read = (text: string) => understanding.understand(text, context);
  const ms = (value: number) => value.toFixed(3);
  const rows = [
    ['understand() per message', 'messages', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'messages/s'],
  ];
  const add = (name: string, texts: readonly string[]) => {
    const f = measure(texts, read);
    rows.push([name, String(f.count), ms(f.p50), ms(f.p95), ms(f.p99), ms(f.max), f.perSecond.toFixed(0)]);
  };
  add(`phrasing rows (${data.tables} tables)`, data.lines);
  add('bot bench lines (ruc, placa, tc, mixed stream)', BOT_LINES);
  for (const [name, text] of Object.entries(data.hostileSamples())) add(`64 KiB: ${name}`, [text]);
  const corpus = Array.from({ length: FUZZ_MESSAGES }, (_, i) => data.hostileText(18, i));
  add(`fuzz corpus (seed 18, up to 64 KiB)`, corpus);
  add(
    'fuzz corpus, messages over 16 KiB',
    corpus.filter((text) => text.length > 16_384),
  );
  table(rows);
}
