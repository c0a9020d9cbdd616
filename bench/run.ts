/**
 * `npm run bench`: every benchmark in one run, each printing its own figures. Sections run one
 * after another so they do not compete for the two cores. `npm run bench -- lookup bot` runs some.
 */
import { bench as batchBench } from './batch.js';
import { bench as botBench } from './bot.js';
import { bench as cacheBench } from './cache.js';
import { bench as languageBench } from './language.js';
import { bench as lookupBench } from './lookup.js';
import { bench as loteHostileBench } from './lote-hostile.js';
import { bench as padronBench } from './padron.js';
import { bench as processBench } from './process.js';
import { bench as renderBench } from './render.js';
import { bench as templatesBench } from './templates.js';
import { bench as whatsappBench } from './whatsapp.js';

const sections: Record<string, { title: string; run: () => Promise<void> }> = {
  lookup: { title: 'Lookup client vs bare undici (issue 2)', run: lookupBench },
  cache: { title: 'SQLite cache and coalescing (issue 3)', run: cacheBench },
  templates: { title: 'Reply templates (issue 3)', run: templatesBench },
  bot: { title: 'Router + validation + template overhead (issue 3)', run: botBench },
  language: { title: 'Language layer: understand() per message (issue 18)', run: languageBench },
  render: { title: 'Guide PDF rendering (issue 5)', run: renderBench },
  whatsapp: { title: 'WhatsApp load test through the fake socket (issue 4)', run: whatsappBench },
  batch: { title: 'Batch check: lote of 200 RUC against the sandbox (issue 14)', run: batchBench },
  padron: {
    title: "Local mirror of SUNAT's padrón: import, lookup, name search (issue 23)",
    run: padronBench,
  },
  process: { title: 'A lean process: idle RSS, burst peak, cold start (issue 22)', run: processBench },
  'lote-hostile': {
    title: 'Hostile lote attachments: zip bombs, binary .csv (issue 19)',
    run: loteHostileBench,
  },
};

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const unknown = wanted.filter((name) => !(name in sections));
  if (unknown.length > 0) {
    process.stderr.write(
      `unknown bench section(s): ${unknown.join(', ')}; known: ${Object.keys(sections).join(', ')}\n`,
    );
    process.exitCode = 2;
    return;
  }
  const names = wanted.length > 0 ? wanted : Object.keys(sections);
  process.stdout.write(`node ${process.version}, ${new Date().toISOString()}\n`);
  for (const name of names) {
    const section = sections[name]!;
    process.stdout.write(`\n=== ${section.title} ===\n`);
    await section.run();
  }
}

await main();
