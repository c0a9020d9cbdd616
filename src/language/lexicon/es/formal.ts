import { list, named, valued } from '../build.js';
import type { LexEntry } from '../types.js';

/**
 * Formal office Spanish, the register of memos and e-mails pasted into a chat (`Por medio del
 * presente solicito…`, `Sírvase indicar…`, `Mucho agradeceré la relación de…`): the openers,
 * courtesy and thanks of a letter, the nouns a formal request wraps around a concept (`la
 * relación de`, `el detalle de`), the people named (`el postulante`, `el operario`). Its verbs
 * (`sírvase`, `tenga a bien`, `listar`, `dejar sin efecto`) are lemmas in verbs.ts.
 */
/**
 * Whether it can be done, every way a letter asks it: `¿habría forma de …?`, `¿cabría la
 * posibilidad de …?`, `¿existe alguna manera de …?`, `hay chance de`.
 */
const CAN_IT_BE_DONE: readonly string[] = ['habria', 'habra', 'hay', 'existe', 'existiria', 'cabria', 'cabe']
  .flatMap((verb) =>
    ['forma', 'manera', 'modo', 'posibilidad', 'opcion', 'chance'].map((noun) => `${verb} ${noun} de`),
  )
  .flatMap((phrase) => {
    const [verb, ...rest] = phrase.split(' ');
    return [phrase, `${verb} la ${rest.join(' ')}`, `${verb} alguna ${rest.join(' ')}`];
  });

export const FORMAL_WORDS: readonly LexEntry[] = [
  // A letter's opening line: said before the request, a greeting on its own.
  ...list('greeting', 'es', 'por medio del presente', 'por medio de la presente', 'mediante el presente'),
  ...list('greeting', 'es', 'mediante la presente', 'por la presente', 'por el presente'),
  ...list('greeting', 'es', 'me dirijo a usted', 'me dirijo a ustedes', 'nos dirigimos a usted'),
  ...list('greeting', 'es', 'de mi consideracion', 'de nuestra consideracion', 'es grato saludarle'),
  ...list('greeting', 'es', 'es grato saludarlos', 'es grato dirigirme a usted'),
  // Courtesy that wraps an infinitive: `sería tan amable de indicarme…`.
  ...list('courtesy', 'es', 'seria tan amable de', 'serias tan amable de', 'sean tan amables de'),
  ...list('courtesy', 'es', 'fuera tan amable de', 'sera tan amable de', 'serian tan amables de'),
  ...list('courtesy', 'es', 'tenga la amabilidad de', 'tengan la amabilidad de', 'tendria la amabilidad de'),
  ...list('courtesy', 'es', 'tendria usted la amabilidad de', 'tenga la bondad de', 'tengan la bondad de'),
  ...list('courtesy', 'es', 'tendria la bondad de', 'con el respeto de siempre', 'con el debido respeto'),
  ...list(
    'courtesy',
    'es',
    'tendria usted la bondad de',
    'tenga usted la bondad de',
    'tenga usted la amabilidad de',
  ),
  ...list('thanks', 'es', 'se lo agradecere', 'se lo agradecere infinitamente', 'dios se lo pague'),
  ...list(
    'thanks',
    'es',
    'le agradecere infinitamente',
    'se los agradecere',
    'muy agradecido',
    'muy agradecida',
  ),
  ...list(
    'courtesy',
    'es',
    'seria usted tan amable de',
    'serian ustedes tan amables de',
    'fuera usted tan amable de',
  ),
  ...list('courtesy', 'es', 'tenga la gentileza de', 'tengan la gentileza de', 'tendria la gentileza de'),
  ...list('courtesy', 'es', 'le ruego', 'les ruego', 'le rogaria', 'les rogaria', 'se sirva', 'se sirvan'),
  ...list(
    'courtesy',
    'es',
    'de ser posible',
    'de ser asi',
    'si es posible',
    'si se puede',
    'en cuanto pueda',
  ),
  ...list('courtesy', 'es', 'favor de', 'hacer el favor de', 'de ser el caso', 'en lo posible'),
  // Manner of asking (`solicito amablemente …`) and whether it can be done (`¿sería posible obtener …?`).
  ...list('courtesy', 'es', 'amablemente', 'gentilmente', 'respetuosamente'),
  ...list('courtesy', 'es', 'encarecidamente', 'atentamente solicito', 'seria posible', 'sera posible'),
  ...list('courtesy', 'es', 'es posible', 'seria factible', 'si fuera posible', 'si fuese posible'),
  ...list('courtesy', 'es', ...CAN_IT_BE_DONE),
  // `me permito solicitar …`, `nos permitimos recordarles …`: a letter's way to ask.
  ...list('courtesy', 'es', 'me permito', 'nos permitimos', 'tengo a bien', 'tenemos a bien'),
  ...list('courtesy', 'es', 'tenga a bien', 'tengan a bien', 'tenga usted a bien', 'tengan ustedes a bien'),
  ...list(
    'courtesy',
    'es',
    'sabre agradecer',
    'mucho sabre agradecer',
    'sabremos agradecer',
    'les sabre agradecer',
  ),
  ...list('courtesy', 'es', 'quedare agradecido si', 'quedare agradecida si', 'quedare muy agradecido si'),
  ...list('courtesy', 'es', 'quedare muy agradecida si', 'quedaria agradecido si', 'quedaria agradecida si'),
  // `les ruego me hagan llegar …`: to send, as letters say it.
  ...list(
    'courtesy',
    'es',
    'hagan llegar',
    'haga llegar',
    'hacer llegar',
    'hacerme llegar',
    'hacernos llegar',
  ),
  ...list(
    'courtesy',
    'es',
    'me hagan llegar',
    'nos hagan llegar',
    'me haga llegar',
    'nos haga llegar',
    'hazme llegar',
  ),
  // The writer says who they are, first in a message: `hola, soy Rosa de RRHH`, `les escribe Carmen`.
  ...list('self-intro', 'es', 'soy', 'les saluda', 'les escribe', 'le escribe', 'te escribe', 'les habla'),
  ...list('self-intro', 'es', 'le saluda', 'los saluda', 'le saluda cordialmente', 'les saluda cordialmente'),
  ...list('self-intro', 'es', 'le habla', 'mi nombre es', 'somos', 'les escribimos'),
  ...list('thanks', 'es', 'mucho agradecere', 'mucho agradeceria', 'mucho agradeceremos', 'agradecemos'),
  ...list('thanks', 'es', 'se agradecera', 'agradeciendo de antemano', 'agradeciendo su atencion'),
  ...list('thanks', 'es', 'agradezco de antemano', 'gracias por su atencion', 'gracias por su apoyo'),
  ...list('thanks', 'es', 'agradecere de antemano', 'agradeceria de antemano', 'agradezco su apoyo'),
  ...list('regards', 'es', 'sin otro particular', 'me despido', 'muy atentamente', 'atentos saludos'),
  ...list(
    'regards',
    'es',
    'quedo atento a sus comentarios',
    'a la espera de su respuesta',
    'reciban un cordial saludo',
  ),
  ...list('urgency', 'es', 'ahorita mismo', 'ya mismo', 'en este rato', 'apenas puedas'),
  ...list('urgency', 'es', 'a la brevedad', 'a la brevedad posible', 'a la mayor brevedad'),
  ...list('urgency', 'es', 'con caracter de urgencia', 'de manera urgente', 'con urgencia', 'dentro del dia'),
  // What a formal request asks for: `la búsqueda de`, `la verificación del RUC …`.
  ...list('asking-noun', 'es', 'busqueda', 'requerimiento', 'peticion', 'verificacion', 'validacion'),
  ...list('asking-noun', 'es', 'revision', 'confirmacion', 'atencion', 'apoyo'),
  // What is given of it: `la relación de establecimientos`, `el listado de conductores`.
  ...list('topic-noun', 'es', 'relacion', 'listado', 'constancia', 'informe'),
  // Whose identifier, in the words of personnel and purchasing.
  ...list('person-noun', 'es', 'operario', 'operaria', 'postulanta', 'empleado', 'empleada'),
  ...list('person-noun', 'es', 'obrero', 'obrera', 'usuario', 'usuaria', 'socio', 'socia'),
  ...list('person-noun', 'es', 'accionista', 'representante legal', 'gerente'),
  ...list('person-noun', 'es', 'contratista', 'beneficiario', 'beneficiaria', 'asegurado', 'asegurada'),
  ...list('person-noun', 'es', 'arrendatario', 'arrendataria', 'inquilino', 'inquilina', 'tecnico'),
  ...list('person-noun', 'es', 'supervisor', 'supervisora', 'ayudante', 'auxiliar', 'destinatario'),
  ...list('person-noun', 'es', 'interesado', 'interesada'),
  // Who works at the front and the gate: `le habla la recepcionista`, `el portero lo pide`.
  ...list('person-noun', 'es', 'recepcionista', 'secretaria', 'secretario', 'portero', 'portera'),
  ...list('person-noun', 'es', 'guardia', 'conserje', 'despachador', 'despachadora', 'cajero', 'cajera'),
  ...valued(
    'place-here',
    'es',
    { here: ['en el presente grupo', 'del presente grupo', 'en el presente chat'] },
    false,
  ),
  // The printed form of an electronic document, as SUNAT names its PDF.
  ...valued('format', 'es', { pdf: ['representacion impresa', 'version impresa'] }, false),
  // The period a rate is asked for: `la comisión AFP del periodo octubre 2026`.
  named('filler', 'es', 'pension', ['periodo', 'del periodo', 'correspondiente al periodo']),
  named('concept', 'es', 'company-name', ['razon social']),
  named('concept', 'es', 'dni-ruc', ['ruc asociado al dni', 'ruc vinculado al dni', 'ruc asociado a dni']),
  named('concept', 'es', 'dni-ruc', ['ruc que corresponde al dni', 'ruc correspondiente al dni']),
];
