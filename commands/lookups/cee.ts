import { foreignDocCommand } from './foreign-doc.js';

/** `cee <número>`: a foreign document holder's name (operation 4). Personal data. */
export const cee = foreignDocCommand({
  tipo: 'CEE',
  summary: 'Nombre de un extranjero por su carné especial de extranjería',
  example: 'cee 000765432',
});
