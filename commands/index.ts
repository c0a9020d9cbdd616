/**
 * The explicit list of chat commands (no folder scanning): the router and `ayuda` see exactly
 * these, in this order. To add a command, import it and add one line to the array.
 */
import type { CommandDefinition } from '../src/bot/command.js';
import { activar } from './activar.js';
import { afp } from './afp.js';
import { ayuda } from './ayuda.js';
import { buscar } from './buscar.js';
import { ce } from './ce.js';
import { cee } from './cee.js';
import { chofer } from './chofer.js';
import { choferes } from './choferes.js';
import { ci } from './ci.js';
import { dejar } from './dejar.js';
import { desactivar } from './desactivar.js';
import { desprogramar } from './desprogramar.js';
import { deuda } from './deuda.js';
import { dni } from './dni.js';
import { dniruc } from './dniruc.js';
import { domicilio } from './domicilio.js';
import { factura } from './factura.js';
import { grupos } from './grupos.js';
import { guia } from './guia.js';
import { guiaxml } from './guiaxml.js';
import { licencia } from './licencia.js';
import { locales } from './locales.js';
import { lote } from './lote.js';
import { pdf } from './pdf.js';
import { placa } from './placa.js';
import { programados } from './programados.js';
import { programar } from './programar.js';
import { ruc } from './ruc.js';
import { si } from './si.js';
import { tc } from './tc.js';
import { trabajadores } from './trabajadores.js';
import { uso } from './uso.js';
import { vigilados } from './vigilados.js';
import { vigilar } from './vigilar.js';
import { xml } from './xml.js';

const list: readonly CommandDefinition<unknown>[] = [
  ayuda,
  ruc,
  domicilio,
  locales,
  trabajadores,
  deuda,
  buscar,
  dni,
  dniruc,
  ce,
  cee,
  ci,
  licencia,
  placa,
  tc,
  afp,
  guia,
  guiaxml,
  xml,
  pdf,
  factura,
  chofer,
  choferes,
  grupos,
  uso,
  activar,
  desactivar,
  programar,
  programados,
  desprogramar,
  vigilar,
  vigilados,
  dejar,
  lote,
  si,
];

/**
 * Typed `<never>` for BotServices.commands: each entry keeps its own argument type, which only the
 * router threads from `parse` to `run`. (`CommandDefinition<A>[]` of mixed A is only assignable to
 * `<unknown>`, hence the cast.)
 */
export const commands = list as readonly CommandDefinition<never>[];
