import { foreignDocCommand } from './foreign-doc.js';

/** `ce <número>`: a foreign document holder's name (operation 3). Personal data. */
export const ce = foreignDocCommand({
  tipo: 'CE',
  summary: 'Nombre de un extranjero por su carné de extranjería',
  example: 'ce 001234567',
});
