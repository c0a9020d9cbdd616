import { describe, expect, it } from 'vitest';
import { companyNameGrammar } from '../../../src/language/grammars/identifiers/company-name.js';
import { read } from './read.js';

describe('company names', () => {
  it.each([
    ['comercial pachacamac s.a.', 'comercial pachacamac s.a.', 'name-legal-form'],
    ['Distribuidora Los Álamos E.I.R.L.', 'Distribuidora Los Álamos E.I.R.L.', 'name-legal-form'],
    ['Fernández & Hijos S.A.C. porfa', 'Fernández & Hijos S.A.C.', 'name-legal-form'],
    ['andinos s. a. c.', 'andinos s. a. c.', 'name-legal-form'],
    ['transportes andinos', 'transportes andinos', 'name-company-word'],
    ['inversiones del sur gracias', 'inversiones del sur', 'name-company-word'],
    ['Los Alamos', 'Los Alamos', 'name-capitalised'],
    ['Pachacamac', 'Pachacamac', 'name-capitalised'],
    ['los alamos', 'los alamos', 'name-words'],
    ['LOS ALAMOS', 'LOS ALAMOS', 'name-words'], // a line in capitals says nothing
    ['Negocios 2020 SAC', 'Negocios 2020 SAC', 'name-legal-form'],
    ['distribuidora los alamos eirl', 'distribuidora los alamos eirl', 'name-legal-form'],
    ['  transportes   andinos ', 'transportes andinos', 'name-company-word'],
  ])('%j reads %j (%s)', (line, name, rule) => {
    const reading = read(companyNameGrammar, line);
    expect(reading).toMatchObject({ value: name, because: [rule] });
    // Plain words are a name too weak to act on unless the line is addressed (`buscar la llave`).
    expect(reading?.weak === true).toBe(rule === 'name-words');
  });

  it('takes a quoted name whole, quotes left out, whatever its words', () => {
    expect(read(companyNameGrammar, '"los alamos"')).toMatchObject({
      value: 'los alamos',
      because: ['name-quoted'],
    });
    expect(read(companyNameGrammar, '«el camión»')).toMatchObject({
      value: 'el camión',
      because: ['name-quoted'],
    });
  });

  it.each([
    ['el camión mañana', null],
    ['la factura', null],
    ['hola buenas', null],
    ['llegó el camión', null],
  ])('%j is no name', (line) => {
    expect(read(companyNameGrammar, line)).toBeNull();
  });

  it.each([
    ['a casa', 'casa'],
    ['transportes andinos llegó tarde', 'transportes andinos'],
    ['andinos 20123456786', 'andinos'],
    ['¿los alamos? ya veo', 'los alamos'],
  ])('%j: the name stops before the sentence (%j), so the line is more than a name', (line, name) => {
    const reading = read(companyNameGrammar, line);
    expect(reading).toMatchObject({ value: name });
    expect(reading?.span).not.toBe(line);
  });

  it('a name under 3 or over 80 characters is invalid-search', () => {
    expect(read(companyNameGrammar, 'Ab')).toMatchObject({ error: 'invalid-search', data: { corto: true } });
    expect(read(companyNameGrammar, `Transportes ${'Andinos '.repeat(12)}`)).toMatchObject({
      error: 'invalid-search',
      data: { corto: false },
    });
  });
});
