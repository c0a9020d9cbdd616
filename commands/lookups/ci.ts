import { foreignDocCommand } from './foreign-doc.js';

/** `ci <número>`: a foreign document holder's name (operation 5). Personal data. */
export const ci = foreignDocCommand({
  tipo: 'CI',
  summary: 'Nombre de una persona por su cédula de identidad',
  example: 'ci 12345678901',
});
