import { COURTESY, PhraseSet } from '../../src/text/phrasing.js';

/**
 * What staff write after a guide's reference (`guia T001-42 …`): a request to send it to its
 * drivers (`mándasela al chofer`, `para enviar al conductor`, `reenviar`), the format
 * (`en xml`), who it is for, courtesy. Anything else makes the line chatter (`anulada`, `para
 * mañana`), so a remark is never read as a request.
 */

/** Stems of the verbs that move a document: enviar, mandar, pasar, reenviar (folded). */
const STEMS = ['envi', 'mand', 'pas', 'reenvi'] as const;
type Stem = (typeof STEMS)[number];

/** Asking forms, by whom the document goes to: nobody named, him/them, me/us. */
// prettier-ignore
const ENDINGS = {
  bare: ['a', 'ar', 'e', 'en', 'as', 'an', 'ala', 'alo', 'alas', 'alos', 'arla', 'arlo', 'arlas', 'arlos',
    'ela', 'elo', 'enla', 'enlo', 'ias', 'amos'],
  them: ['ale', 'ales', 'asela', 'aselo', 'aselas', 'aselos', 'arle', 'arles', 'arsela', 'arselo',
    'arselas', 'arselos', 'ele', 'eles', 'esela', 'eselo', 'enle', 'enles', 'ensela', 'enselo', 'enselas',
    'enselos'],
  me: ['ame', 'amela', 'amelo', 'amelas', 'amelos', 'anos', 'anosla', 'anoslo', 'arme', 'armela', 'armelo',
    'arnos', 'arnosla', 'eme', 'emela', 'emelo', 'enme', 'enmela', 'enmelo', 'enos', 'enosla'],
} as const;
type Addressee = keyof typeof ENDINGS;

/** Every asking form (`enviasela`, `mandala`, `pasale`, `reenviar`), folded, with its stem and addressee. */
export const SEND_VERBS: ReadonlyMap<string, { stem: Stem; to: Addressee }> = new Map(
  STEMS.flatMap((stem) =>
    (Object.keys(ENDINGS) as Addressee[]).flatMap((to) =>
      ENDINGS[to].map((ending) => [`${stem}${ending}`, { stem, to }] as const),
    ),
  ),
);

/** Who receives a guide (`al chofer`, `a los conductores`, `al transportista`). */
const DRIVER_WORDS = new Set([
  'chofer',
  'choferes',
  'conductor',
  'conductores',
  'transportista',
  'transportistas',
]);
/** Said of a transportista guide outside a recipient phrase: the type hint (`guia T… transportista`). */
const CARRIER_WORD = 'transportista';
/** Words that carry nothing in a guide request's tail. */
// prettier-ignore
const GLUE = new PhraseSet([
  'a', 'al', 'para', 'los', 'las', 'el', 'la', 'lo', 'le', 'les', 'se', 'y', 'todos', 'sus', 'su', 'en',
  'como', 'formato', 'version', 'archivo', 'de', 'del', 'nuestra', 'nuestro', 'empresa', 'compania',
  'cliente', 'proveedor', 'remitente', 'electronica', 'remision', 'respectivo', 'respectivos',
], COURTESY);
const FORMATS = new Set(['xml', 'pdf']);

export interface GuideClauses {
  /** Send the PDF to the guide's drivers instead of showing it here. */
  send: boolean;
  /** `reenviar`: within the cooldown, an owner's resend goes through. */
  force: boolean;
  /** `en xml`: the guide's XML was asked for. */
  format?: 'xml' | 'pdf';
  /** `transportista` named as the guide's kind, not as its recipient. */
  carrier: boolean;
  /** Every word was understood; otherwise the line is not a guide request. */
  understood: boolean;
}

/**
 * Reads the words after the reference (keys, see `chatKey`). Sending needs a verb that sends to
 * someone else (`envíala`, `mándasela`, `reenviar`: not `mándamela`), or a driver as recipient
 * (`al chofer`); `pasar` only sends with a driver named (`pásala` alone hands it to the asker).
 * `para el chofer` alone is not a send: it may be "for the driver" to take.
 */
export function readGuideClauses(keys: readonly string[]): GuideClauses {
  let verb: { stem: Stem; to: Addressee } | undefined;
  let driver = false;
  let carrier = false;
  let format: 'xml' | 'pdf' | undefined;
  let understood = true;
  let preposition: string | undefined;
  for (let at = 0; at < keys.length; at++) {
    const key = keys[at] ?? '';
    const form = SEND_VERBS.get(key);
    if (form) {
      verb = verb?.to === 'me' ? verb : form;
      continue;
    }
    if (DRIVER_WORDS.has(key)) {
      if (preposition === undefined && key === CARRIER_WORD) carrier = true;
      else if (preposition === 'a' || preposition === 'al') driver = true;
      preposition = undefined;
      continue;
    }
    if (FORMATS.has(key)) {
      format = key === 'xml' || format === 'xml' ? 'xml' : 'pdf';
      continue;
    }
    if (key === 'a' || key === 'al' || key === 'para') preposition = key;
    const glue = GLUE.lengthAt(keys, at);
    if (glue === 0) understood = false;
    else at += glue - 1;
  }
  const toOthers = verb !== undefined && verb.to !== 'me' && (verb.stem !== 'pas' || driver);
  const send = verb === undefined ? driver : toOthers;
  // The XML and a send are two different requests: neither is guessed.
  if (format === 'xml' && send) understood = false;
  return {
    send,
    force: send && verb?.stem === 'reenvi',
    ...(format ? { format } : {}),
    carrier,
    understood,
  };
}

/** One-word names of a delivery guide (`guia`, `GRE`, `GR`, `GRR`): phrases of `guia` and `guiaxml` are built from them. */
export const GUIDE_WORDS: readonly string[] = ['guia', 'gre', 'gr', 'grr'];
