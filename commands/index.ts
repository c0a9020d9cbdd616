/**
 * The commands not yet in a feature folder of their own (issue 20 moves them one feature at a
 * time), as one feature listed in src/app/features.ts. A new command goes in a feature
 * folder (commands/README.md), not here.
 */
import type { CommandDefinition } from '../src/bot/command.js';
import type { Feature } from '../src/bot/feature.js';
import { chofer } from './chofer.js';
import { choferes } from './choferes.js';
import { factura } from './factura.js';
import { guia } from './guia.js';
import { guiaxml } from './guiaxml.js';
import { pdf } from './pdf.js';
import { xml } from './xml.js';

const list: readonly CommandDefinition<unknown>[] = [guia, guiaxml, xml, pdf, factura, chofer, choferes];

export const unsliced: Feature = { name: 'unsliced', commands: list };
