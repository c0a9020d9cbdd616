/**
 * The commands not yet in a feature folder of their own (issue 20 moves them one feature at a
 * time), as one feature listed first in src/app/features.ts. A new command goes in a feature
 * folder (commands/README.md), not here.
 */
import type { CommandDefinition } from '../src/bot/command.js';
import type { Feature } from '../src/bot/feature.js';
import { afp } from './afp.js';
import { ayuda } from './ayuda.js';
import { buscar } from './buscar.js';
import { ce } from './ce.js';
import { cee } from './cee.js';
import { ci } from './ci.js';
import { deuda } from './deuda.js';
import { dni } from './dni.js';
import { dniruc } from './dniruc.js';
import { domicilio } from './domicilio.js';
import { licencia } from './licencia.js';
import { locales } from './locales.js';
import { placa } from './placa.js';
import { ruc } from './ruc.js';
import { tc } from './tc.js';
import { trabajadores } from './trabajadores.js';

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
];

export const unsliced: Feature = { name: 'unsliced', commands: list };
