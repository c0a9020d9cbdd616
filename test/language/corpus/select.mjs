// Selects the Recognizers-Text Spanish DateTime cases whose forms Chasqui reads (see README.md)
// and writes recognizers-es.json. Run once when updating the vendored subset:
//   node test/language/corpus/select.mjs <git dir of microsoft/Recognizers-Text>
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';

const gitDir = process.argv[2];
if (!gitDir) throw new Error('usage: select.mjs <git dir of microsoft/Recognizers-Text>');
const git = (...args) =>
  execFileSync('git', ['--git-dir', gitDir, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
const commit = git('rev-parse', 'HEAD').trim();
const FILES = ['DateParser', 'DatePeriodParser', 'TimeParser', 'DateTimeParser', 'DateTimeModel'];

const DAY = String.raw`(?:\d{4}|XXXX)-(?:\d{2}|XX)-\d{2}|XXXX-WXX-\d`;
const TIME = String.raw`T\d{2}(?::\d{2})?`;
const TIMEX = {
  day: new RegExp(`^(?:${DAY})$`),
  month: /^(?:\d{4}|XXXX)-\d{2}$/,
  time: new RegExp(`^${TIME}$`),
  datetime: new RegExp(`^(?:${DAY})${TIME}$`),
};
// Left out by what they name, not by how they parse: forward offsets and durations (`en 3 años`,
// `a partir de ahora`, `dentro de`, `después`, `antes del`), holidays by name, and parts of a month
// (`finales de marzo`, `inicio de mes`).
const LEFT_OUT =
  /\ben (?:\d+|un|una|dos|tres|cuatro|cinco) |a partir de|antes del |dentro de|despu[eé]s|viernes negro|tierra|semana santa|patricio|trabajador|independencia|navidad|a[nñ]o nuevo|final|inicio|mediano|primeros de|[uú]ltimos de|fines de|resto|mismo/iu;

/** `4/22`, `9-18-15`, `04/21/2016`: month first, the order of the United States, not Peru's. */
function monthFirst(text, timex) {
  const m = /^(\d{1,2})[-/.](\d{1,2})/u.exec(text.trim());
  const month = /-(\d{2})-\d{2}/u.exec(timex)?.[1];
  const day = /-(\d{2})(?:T|$)/u.exec(timex)?.[1];
  return Boolean(m && month && day && Number(m[1]) === Number(month) && Number(m[1]) !== Number(day));
}

const hhmm = (s) => s.slice(0, 5);
const cases = [];
const seen = new Set();
for (const file of FILES) {
  const specs = JSON.parse(git('show', `HEAD:Specs/DateTime/Spanish/${file}.json`).replace(/^\uFEFF/u, ''));
  specs.forEach((spec, index) => {
    const results = spec.Results ?? [];
    if (results.length !== 1) return;
    const [result] = results;
    const model = file === 'DateTimeModel';
    const type = model ? result.TypeName?.replace('datetimeV2.', '') : result.Type;
    const values = model
      ? (result.Resolution?.values ?? [])
      : [result.Value?.PastResolution ?? {}, result.Value?.FutureResolution ?? {}];
    const timex = model ? values[0]?.timex : result.Value?.Timex;
    if (!timex || LEFT_OUT.test(result.Text) || monthFirst(result.Text, timex)) return;
    const reference = spec.Context?.ReferenceDateTime ?? null;
    const key = `${spec.Input}|${reference}`;
    if (seen.has(key)) return;
    const base = { id: `${file}.json#${index}`, input: spec.Input, text: result.Text, reference };
    const starts = values
      .map((v) => (model ? (v.value ?? v.start) : (v.date ?? v.time ?? v.startDate ?? v.dateTime)))
      .filter((v) => typeof v === 'string');
    let entry;
    if (starts.includes('not resolved')) {
      // Days that do not exist (`30 de febrero`, `29/2/2019`) must be refused, not moved.
      const day =
        (type === 'date' && TIMEX.day.test(timex)) || (type === 'datetime' && TIMEX.datetime.test(timex));
      if (day) entry = { ...base, kind: 'impossible', expect: { refused: true } };
    } else if (type === 'date' && TIMEX.day.test(timex)) {
      entry = {
        ...base,
        kind: timex.includes('W') ? 'weekday' : 'day',
        expect: { dates: [...new Set(starts.map((s) => s.slice(0, 10)))] },
      };
    } else if (type === 'daterange' && TIMEX.month.test(timex)) {
      const range = model
        ? values.map((v) => [v.start, v.end])
        : [
            [values[0].startDate, values[0].endDate],
            [values[1].startDate, values[1].endDate],
          ];
      const whole = range.every(([start, end]) => start?.endsWith('-01') && end?.endsWith('-01'));
      if (!whole) return; // part of a month (`finales de marzo`, `inicio de mes`)
      entry = {
        ...base,
        kind: 'month',
        expect: { months: [...new Set(range.map(([start]) => start.slice(0, 7)))] },
      };
    } else if (type === 'time' && TIMEX.time.test(timex)) {
      entry = { ...base, kind: 'time', expect: { times: [...new Set(starts.map(hhmm))] } };
    } else if (type === 'datetime' && TIMEX.datetime.test(timex)) {
      entry = {
        ...base,
        kind: 'datetime',
        expect: { datetimes: [...new Set(starts.map((s) => s.slice(0, 16)))] },
      };
    }
    if (!entry) return;
    seen.add(key);
    cases.push(entry);
  });
}
const out = {
  source: {
    repository: 'https://github.com/microsoft/Recognizers-Text',
    commit,
    path: 'Specs/DateTime/Spanish/',
  },
  cases,
};
const file = fileURLToPath(new URL('./recognizers-es.json', import.meta.url));
const options = (await prettier.resolveConfig(file)) ?? {};
writeFileSync(file, await prettier.format(JSON.stringify(out), { ...options, filepath: file }));
const kinds = {};
for (const c of cases) kinds[c.kind] = (kinds[c.kind] ?? 0) + 1;
console.log(`${cases.length} cases`, kinds);
