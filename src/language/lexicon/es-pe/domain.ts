import { list, named } from '../build.js';
import type { LexEntry } from '../types.js';

/**
 * The domain's words as staff type them in a hurry (`domic. fiscal`, `trab.`, `lic. conducir`,
 * `gr. transp.`), as young staff borrow them from English (`driver`, `workers`, `schedule`), and
 * in slang where it names only the rate (`precio del verde`). A dot after an abbreviation is
 * dropped by the key, so `domic.` and `domic` are one form.
 */
export const PE_DOMAIN_WORDS: readonly LexEntry[] = [
  named('concept', 'chat', 'address', ['domic', 'domic fiscal', 'dom fiscal', 'dir fiscal', 'direc fiscal']),
  named('concept', 'chat', 'address', ['domicilio fisc', 'dom fisc', 'dir fisc', 'domic fisc']),
  named('concept', 'chat', 'establishments', ['estab anexos', 'estab', 'establec', 'establecim']),
  named('concept', 'chat', 'workers', ['trab', 'trabs', 'trabaj', 'cant trab', 'cant de trab']),
  named('concept', 'chat', 'workers', [
    'workers',
    'nro de workers',
    'cuantos chambean',
    'cuanta gente chambea',
  ]),
  named('concept', 'chat', 'debt', ['coact', 'deuda coact', 'cobranza coact']),
  named('concept', 'chat', 'licence', ['lic conducir', 'lic de conducir', 'lic cond', 'lic de cond']),
  named('concept', 'chat', 'licence', ['licencia de cond', 'licencia cond', 'lic', 'brev']),
  named('concept', 'chat', 'dni-ruc', ['ruc x dni', 'ruc x el dni']),
  named('concept', 'chat', 'ce', ['carnet ext', 'carne ext', 'carnet de ext', 'carne de ext', 'c ext']),
  named('concept', 'chat', 'ci', ['ced', 'ced de identidad']),
  named('concept', 'chat', 'plate', ['plac', 'plca']),
  named('concept', 'chat', 'guide-carrier', ['guia transp', 'gr transp', 'gre transp', 'guia de transp']),
  named('concept', 'chat', 'guide-carrier', ['grt transp', 'guia rem transp', 'guia remision transp']),
  named('filler', 'chat', 'guide', ['rem', 'remis', 'de rem', 'elect', 'electr']),
  named('concept', 'chat', 'driver', ['driver', 'chof']),
  named('concept', 'chat', 'drivers', ['drivers', 'chofs']),
  named('concept', 'chat', 'schedule', ['schedule', 'schedules', 'scheduleado', 'scheduleados']),
  named('concept', 'chat', 'schedule', ['programac', 'progs', 'programacs']),
  named('concept', 'pe', 'exchange-rate', ['precio del verde', 'cambio del verde', 'valor del verde']),
  named('concept', 'pe', 'exchange-rate', ['cotizacion del verde']),
  ...list('person-noun', 'chat', 'prov', 'proveed', 'emp', 'empr', 'clte', 'cli', 'trabajad', 'colab'),
  // Young people and newcomers, as Lima says them: `el chibolo nuevo`, `la chica de caja`.
  ...list('person-noun', 'pe', 'chibolo', 'chibola', 'chico', 'chica', 'muchacho', 'muchacha'),
  ...list('document-word', 'chat', 'compr', 'comprob', 'cpbte', 'docto'),
];
