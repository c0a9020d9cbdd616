import { lookupCommand } from './lookup-command.js';

/** `dni <DNI>`: the person's registry data (operation 1). Personal data. */
export const dni = lookupCommand({
  name: 'dni',
  triggers: [{ parts: ['c:dni'] }],
  arg: 'dni',
  slot: { grammar: 'dni', missing: 'dni-missing' },
  summary: 'Nombre y dirección de una persona por su DNI',
  usage: 'dni <8 dígitos>',
  examples: ['dni 45678912'],
  personalData: true,
  argShape: 'required',
  operation: 'dni',
});
