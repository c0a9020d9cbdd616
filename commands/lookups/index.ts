import type { Feature } from '../../src/bot/feature.js';
import { afp } from './afp.js';
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

/**
 * The lookups: one identifier (RUC, DNI, foreign document, licence, plate), a name, a date or a
 * period in, one answer of the lookup API out. Most are `lookupCommand`s (`lookup-command.ts`,
 * whose `answer` is the one door to the paid API); dniruc and afp have replies of their own.
 */
export const lookups: Feature = {
  name: 'lookups',
  commands: [
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
  ],
};
