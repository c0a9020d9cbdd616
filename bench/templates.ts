import { performance } from 'node:perf_hooks';
import { createTemplates } from '../src/render/templates.js';
import {
  coerciveDebts,
  companyIndex,
  establishments,
  exchangeRateFor,
  fixedPensionRates,
  taxpayers,
} from '../src/sandbox/fixtures/index.js';

/**
 * Template engine cost: loading + parsing every template once at start-up, then the synchronous
 * render of typical replies (µs per render, p50/p99). Prints numbers; asserts nothing.
 */
const RUNS = 20_000;
const WARMUP = 2_000;

const CASES: { name: string; data: Record<string, unknown> }[] = [
  { name: 'ruc', data: { ...taxpayers['20123456786'] } },
  { name: 'tc', data: { ...exchangeRateFor('2026-11-22', new Date('2026-11-22T15:00:00Z'), 0) } },
  { name: 'deuda', data: { ruc: '20123456786', deudas: coerciveDebts['20123456786'], total: 21012.85 } },
  { name: 'locales', data: { ruc: '20123456786', locales: establishments['20123456786'] } },
  { name: 'buscar', data: { texto: 'S', resultados: companyIndex, maximo_lista: 10 } },
  { name: 'afp', data: { periodo: '2026-10', afps: fixedPensionRates['2026-10'] } },
  { name: 'errors/invalid-ruc-check', data: { valor: '20123456787', ejemplo: 'ruc 20123456786' } },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** The same render as a hand-written JS function: a yardstick for machine speed (loaded CI boxes). */
function baseline(taxpayer: Record<string, unknown>): string {
  return `*${taxpayer.nombre_o_razon_social}*\nRUC: ${taxpayer.ruc}\nEstado: ${taxpayer.estado}\nCondición: ${taxpayer.condicion}\nDirección: ${taxpayer.direccion_completa}\n`;
}

function measure(render: () => string): { p50: number; p99: number; chars: number } {
  for (let i = 0; i < WARMUP; i++) render();
  const samples: number[] = [];
  let chars = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    chars += render().length;
    samples.push((performance.now() - start) * 1000);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), chars: Math.round(chars / RUNS) };
}

export async function bench(): Promise<void> {
  const loadStart = performance.now();
  const templates = createTemplates();
  const loadMs = performance.now() - loadStart;
  console.log(
    `templates: loaded and parsed ${templates.names().length} templates in ${loadMs.toFixed(1)} ms`,
  );
  const line = (label: string, m: { p50: number; p99: number; chars: number }) =>
    console.log(
      `templates: ${label.padEnd(33)} p50 ${m.p50.toFixed(1)} µs  p99 ${m.p99.toFixed(1)} µs  (${m.chars} chars)`,
    );
  const taxpayer = { ...taxpayers['20123456786'] };
  line(
    'baseline (plain JS, ruc)',
    measure(() => baseline(taxpayer)),
  );
  for (const { name, data } of CASES)
    line(
      `render ${name}`,
      measure(() => templates.render(name, data)),
    );
}
