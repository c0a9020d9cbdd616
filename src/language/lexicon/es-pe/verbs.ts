import { type Sense, VERB_FORM_NAMES, type Variety, type VerbFormName, type VerbLemma } from '../types.js';

type Options = Omit<VerbLemma, 'lemma' | 'senses' | 'variety'>;

function verb(lemma: string, senses: readonly Sense[], variety: Variety, options: Options = {}): VerbLemma {
  return { lemma, senses, variety, ...options };
}

/**
 * Only the forms given (`need`, `prog.`): an English word or an abbreviation said as one form of
 * a verb, so the lemma's regular forms (`needear`, `progamos`) are not invented.
 */
function only(
  lemma: string,
  senses: readonly Sense[],
  forms: Partial<Record<VerbFormName, string[]>>,
): VerbLemma {
  const none = Object.fromEntries(VERB_FORM_NAMES.map((name) => [name, []]));
  return { lemma, senses, variety: 'chat', irregular: { ...none, ...forms } };
}

/**
 * Peruvian slang verbs (`¿manyas…?`, `jálame`), the Spanglish of young staff (`checkea`, `setea`,
 * `schedulea`, `dale follow`) and the verbs typed as abbreviations (`prog. tc 8:30`).
 */
export const PE_VERBS: readonly VerbLemma[] = [
  verb('manyar', ['ask'], 'pe'),
  verb('checar', ['verify', 'ask'], 'chat'),
  verb('checkear', ['verify', 'ask'], 'chat'),
  // `check el ruc …` asks; `check` alone or `ok check` acknowledges (ambiguities.ts), so it never
  // names `lote` by itself as `verifica` does.
  only('checkear', ['ask'], { imperative: ['check'] }),
  verb('setear', ['schedule'], 'chat'),
  verb('schedulear', ['schedule'], 'chat'),
  verb('followear', ['watch'], 'chat', { irregular: { imperative: ['followea', 'followee', 'follow'] } }),
  verb('unfollowear', ['stop'], 'chat', {
    irregular: { imperative: ['unfollowea', 'unfollowee', 'unfollow'] },
  }),
  verb('dar', ['watch'], 'chat', {
    tail: 'follow',
    irregular: { imperative: ['da', 'den'], infinitive: ['dar'] },
  }),
  verb('dar', ['stop'], 'chat', {
    tail: 'unfollow',
    irregular: { imperative: ['da', 'den'], infinitive: ['dar'] },
  }),
  only('needear', ['need'], { 'present-1': ['need', 'needeo'] }),
  only('programar', ['schedule'], { imperative: ['prog', 'progr'] }),
  only('desprogramar', ['unschedule'], { imperative: ['desprog', 'desprogr'] }),
  only('vigilar', ['watch'], { imperative: ['vig', 'vigil'] }),
  only('verificar', ['verify', 'ask'], { imperative: ['verif', 'verific'] }),
];
