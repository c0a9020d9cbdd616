import type { Addressee, VerbForm, VerbFormName, VerbLemma } from './lexicon/types.js';

/**
 * Spanish verb forms from a lemma, the one description of verb endings (before: three regex
 * families in three files). Forms are written folded (no accents): words are compared folded, and
 * the token keeps what was typed where an accent decides (`mandé` reports, `mande` asks).
 */

type Conj = 'ar' | 'er' | 'ir';

/** Endings by conjugation, person by person; `*` marks the stressed forms (a strong stem). */
const ENDINGS: Readonly<Record<Conj, Readonly<Record<VerbFormName, readonly string[]>>>> = {
  ar: {
    infinitive: ['ar'],
    imperative: ['*a', '^e', '^en', '^emos'],
    'present-2': ['*as', '*a', '*an'],
    'present-1': ['*o', 'amos'],
    conditional: ['aria', 'arias', 'arian', 'ariamos'],
    subjunctive: ['^es', '^e', '^en'],
    gerund: ['ando'],
    past: ['^e1', 'aste', 'o', 'amos', 'aron'],
    participle: ['ado', 'ada', 'ados', 'adas'],
  },
  er: {
    infinitive: ['er'],
    imperative: ['*e', '^a', '^an', '^amos'],
    'present-2': ['*es', '*e', '*en'],
    'present-1': ['*o', 'emos'],
    conditional: ['eria', 'erias', 'erian', 'eriamos'],
    subjunctive: ['^as', '^a', '^an'],
    gerund: ['iendo'],
    past: ['i', 'iste', 'io', 'imos', 'ieron'],
    participle: ['ido', 'ida', 'idos', 'idas'],
  },
  ir: {
    infinitive: ['ir'],
    imperative: ['*e', '^a', '^an', '^amos'],
    'present-2': ['*es', '*e', '*en'],
    'present-1': ['*o', 'imos'],
    conditional: ['iria', 'irias', 'irian', 'iriamos'],
    subjunctive: ['^as', '^a', '^an'],
    gerund: ['iendo'],
    past: ['i', 'iste', 'io', 'imos', 'ieron'],
    participle: ['ido', 'ida', 'idos', 'idas'],
  },
};

/** Forms that take clitics attached (`mándame`, `mandarle`, `mandándome`). */
const ENCLITIC: ReadonlySet<VerbFormName> = new Set(['imperative', 'infinitive', 'gerund']);

/** Clitic groups attached to a form, with who they name. */
const CLITIC_GROUPS: readonly (readonly [string, readonly string[], Addressee])[] = [
  ['', [], 'none'],
  ...(['lo', 'la', 'los', 'las'] as const).map((c) => [c, [c], 'none'] as const),
  ...(['me', 'nos'] as const).flatMap((c) => [
    [c, [c], 'me'] as const,
    ...(['lo', 'la', 'los', 'las'] as const).map((d) => [`${c}${d}`, [c, d], 'me'] as const),
  ]),
  ['te', ['te'], 'none'],
  ...(['le', 'les'] as const).map((c) => [c, [c], 'them'] as const),
  ...(['lo', 'la', 'los', 'las'] as const).map((d) => [`se${d}`, ['se', d], 'them'] as const),
  ['se', ['se'], 'none'],
];

/** The conjugation of an infinitive (`mandar` → ar); reflexive `-se` infinitives are not lemmas. */
function conjugationOf(lemma: string): Conj {
  const ending = lemma.slice(-2);
  if (ending === 'ar' || ending === 'er' || ending === 'ir') return ending;
  throw new Error(`verb lemma "${lemma}" does not end in -ar, -er or -ir`);
}

/**
 * The stem before an ending starting with `e` in an -ar verb or `a`/`o` in -er/-ir: spelling keeps
 * the sound (`busc` → `busqu`e, `pag` → `pagu`e, `alcanz` → `alcanc`e, `corrig` → `corrij`a).
 */
function soundStem(stem: string, conj: Conj): string {
  if (conj === 'ar') {
    if (stem.endsWith('c')) return `${stem.slice(0, -1)}qu`;
    if (stem.endsWith('gu')) return stem; // averigu-e: the diaeresis is folded away
    if (stem.endsWith('g')) return `${stem}u`;
    if (stem.endsWith('z')) return `${stem.slice(0, -1)}c`;
    return stem;
  }
  if (stem.endsWith('gu')) return stem.slice(0, -1); // seguir → siga
  if (stem.endsWith('g')) return `${stem.slice(0, -1)}j`; // corregir → corrija
  if (stem.endsWith('c') && conj === 'er') return `${stem.slice(0, -1)}zc`; // parecer → parezca
  return stem;
}

/** Bare forms of a lemma by form name (no clitics); irregular ones replace the generated ones. */
export function bareForms(verb: VerbLemma): Map<VerbFormName, Set<string>> {
  const conj = conjugationOf(verb.lemma);
  const stem = verb.lemma.slice(0, -2);
  const strong = verb.strongStem ?? stem;
  const out = new Map<VerbFormName, Set<string>>();
  for (const [name, endings] of Object.entries(ENDINGS[conj]) as [VerbFormName, readonly string[]][]) {
    const forms = new Set<string>();
    for (const raw of endings) {
      const ending = raw.replace(/^[*^]/u, '').replace(/1$/u, '');
      if (raw.startsWith('*')) forms.add(`${strong}${ending}`);
      else if (raw.startsWith('^')) {
        // Subjunctive stem: the strong one, but `mostremos`/`pidamos` keep the plain one.
        const base = ending === 'emos' || ending === 'amos' ? stem : strong;
        forms.add(`${soundStem(base, conj)}${ending}`);
      } else if (raw.endsWith('1'))
        forms.add(`${soundStem(stem, conj)}${ending}`); // busqué
      else forms.add(`${stem}${ending}`);
    }
    // Irregular forms replace what the rules made for that form name (`ver`: `vea`, not `va`).
    const irregular = verb.irregular?.[name];
    out.set(name, irregular ? new Set(irregular) : forms);
  }
  return out;
}

/** `mandemos` + `nos` drops the s (`mandémonos`); other forms join as written. */
function attach(form: string, clitics: string): string {
  if (clitics.startsWith('nos') && form.endsWith('mos')) return `${form.slice(0, -1)}${clitics}`;
  return `${form}${clitics}`;
}

/**
 * Every form of `verb`, with its clitics: each key is a folded written form, mapped to the
 * readings it has (`mande` is `mandé` past and `mande` usted imperative).
 */
export function verbForms(verb: VerbLemma): Map<string, VerbForm[]> {
  const out = new Map<string, VerbForm[]>();
  const add = (key: string, reading: VerbForm) => {
    const list = out.get(key);
    if (list) list.push(reading);
    else out.set(key, [reading]);
  };
  const excluded = new Set(verb.exclude ?? []);
  for (const [name, forms] of bareForms(verb)) {
    for (const form of forms) {
      const groups = ENCLITIC.has(name) ? CLITIC_GROUPS : CLITIC_GROUPS.slice(0, 1);
      for (const [suffix, clitics, addressee] of groups) {
        const key = attach(form, suffix);
        if (excluded.has(key)) continue;
        add(key, {
          lemma: verb.lemma,
          senses: verb.senses,
          form: name,
          addressee,
          clitics,
          variety: verb.variety,
        });
      }
    }
  }
  return out;
}

/**
 * The one-word verb forms of many lemmas, read from a written key rather than listed (issue 22, a
 * lean process): listing them all (`verbForms` of every lemma) made ~29,000 keys, 6 MB of heap and
 * a tenth of a second at every start. Only the lemmas' bare forms are indexed; a key is read by
 * taking off each clitic group it may end with and looking up what is left. The readings are
 * exactly those of the list, in its order (lemma, form name, form, clitic group; a test checks
 * every key against a fresh list), and each key's are worked out once (bounded memory).
 */
export class VerbReader {
  readonly #lemmas: readonly VerbLemma[];
  /** Forms a lemma leaves out (`parar` has no `para`); only lemmas with some have a set. */
  readonly #excluded: readonly (ReadonlySet<string> | undefined)[];
  /** Bare form → where it comes from: lemma, form name and form, as indexes in generation order. */
  readonly #bare = new Map<string, number | number[]>();
  readonly #names: readonly VerbFormName[];
  readonly #read = new Map<string, readonly VerbForm[]>();
  /** Readings by lemma, form name and clitic group (see `#form`); bounded by the lists. */
  readonly #forms = new Map<number, VerbForm>();

  constructor(lemmas: readonly VerbLemma[]) {
    this.#lemmas = lemmas;
    this.#excluded = lemmas.map((lemma) => (lemma.exclude ? new Set(lemma.exclude) : undefined));
    const names = new Map<VerbFormName, number>();
    lemmas.forEach((lemma, l) => {
      for (const [name, forms] of bareForms(lemma)) {
        let n = names.get(name);
        if (n === undefined) names.set(name, (n = names.size));
        let f = 0;
        for (const form of forms) {
          const from = this.#bare.get(form);
          const packed = pack(l, n, f++);
          if (from === undefined) this.#bare.set(form, packed);
          else if (typeof from === 'number') this.#bare.set(form, [from, packed]);
          else from.push(packed);
        }
      }
    });
    this.#names = [...names.keys()];
  }

  /** The readings of a one-word key (`mandamelo` → mandar, imperative, me, lo); [] when none. */
  readings(key: string): readonly VerbForm[] {
    let read = this.#read.get(key);
    if (read === undefined) {
      read = this.workOut(key);
      if (this.#read.size >= 4_096) this.#read.clear();
      this.#read.set(key, read);
    }
    return read;
  }

  /** `readings` without remembering the answer (for checks that read every key once). */
  workOut(key: string): readonly VerbForm[] {
    const found: (readonly [lemma: number, name: number, form: number, group: number])[] = [];
    this.#each(key, (lemma, name, index, group) => {
      found.push([lemma, name, index, group]);
      return false;
    });
    if (found.length === 0) return NO_READINGS;
    found.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2] || a[3] - b[3]);
    return found.map(([lemma, name, , group]) => this.#form(lemma, name, group));
  }

  /**
   * The reading of a lemma's form name with a clitic group, made once and shared by every key
   * read so (`mándamelo`, `mandamelo`): fewer objects per cold key, and callers that remember
   * something per reading (command-index.ts) remember it once.
   */
  #form(lemma: number, name: number, group: number): VerbForm {
    const id = (lemma * 16 + name) * CLITIC_GROUPS.length + group;
    let form = this.#forms.get(id);
    if (form === undefined) {
      const verb = this.#lemmas[lemma]!;
      const [, clitics, addressee] = CLITIC_GROUPS[group]!;
      form = {
        lemma: verb.lemma,
        senses: verb.senses,
        form: this.#names[name]!,
        addressee,
        clitics,
        variety: verb.variety,
      };
      this.#forms.set(id, form);
    }
    return form;
  }

  /** True when `key` is a form of some lemma (what `workOut` finds, without making readings). */
  has(key: string): boolean {
    return this.#each(key, () => true);
  }

  /**
   * Calls `found` for each reading of `key` (lemma, form name, form and clitic group, as indexes)
   * until it returns true; returns whether one did.
   */
  #each(key: string, found: (lemma: number, name: number, form: number, group: number) => boolean): boolean {
    for (let group = 0; group < CLITIC_GROUPS.length; group++) {
      const suffix = CLITIC_GROUPS[group]![0];
      if (!key.endsWith(suffix)) continue;
      const stem = key.slice(0, key.length - suffix.length);
      // `mandémonos` is `mandemos` + `nos` with the s dropped (see attach).
      for (const form of suffix.startsWith('nos') ? [stem, `${stem}s`] : [stem]) {
        if (attach(form, suffix) !== key) continue;
        const from = this.#bare.get(form);
        if (from === undefined) continue;
        for (const packed of typeof from === 'number' ? [from] : from) {
          const [lemma, name, index] = unpack(packed);
          if (group > 0 && !ENCLITIC.has(this.#names[name]!)) continue;
          if (this.#excluded[lemma]?.has(key)) continue;
          if (found(lemma, name, index, group)) return true;
        }
      }
    }
    return false;
  }

  /** Every one-word form, in the order the list had them (for the spelling index). */
  *keys(): Generator<string> {
    const seen = new Set<string>();
    for (const lemma of this.#lemmas) {
      for (const key of verbForms(lemma).keys()) {
        if (seen.has(key)) continue;
        seen.add(key);
        yield key;
      }
    }
  }
}

const NO_READINGS: readonly VerbForm[] = Object.freeze([]);

/**
 * Where a bare form comes from, as one small integer (most bare forms have one origin: a number
 * in the index instead of an array of arrays): lemma, form name (< 16) and form (< 256).
 */
function pack(lemma: number, name: number, form: number): number {
  if (name >= 16 || form >= 256)
    throw new Error(`verb index: form name ${name} or form ${form} out of range`);
  return lemma * 4096 + name * 256 + form;
}

function unpack(packed: number): readonly [lemma: number, name: number, form: number] {
  return [Math.floor(packed / 4096), Math.floor(packed / 256) % 16, packed % 256];
}

/** Forms that ask (a request): not the writer's report (`mando`, `mandé`) nor a participle. */
const ASKING: ReadonlySet<VerbFormName> = new Set([
  'infinitive',
  'imperative',
  'present-2',
  'conditional',
  'subjunctive',
  'gerund',
]);

/** True when a reading asks someone to do something (see ASKING). */
export function isAskingForm(form: VerbForm): boolean {
  return ASKING.has(form.form);
}
