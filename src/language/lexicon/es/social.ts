import { list, named, valued } from '../build.js';
import type { LexEntry, LexPattern } from '../types.js';

/**
 * What people say around a request without being part of it: greetings, courtesy, thanks,
 * regards, the people addressed, urgency, apologies, acknowledgements. General Spanish here;
 * Peruvian usage and chat spellings in es-pe/.
 */
export const SOCIAL_WORDS: readonly LexEntry[] = [
  ...list('greeting', 'es', 'hola', 'holi', 'holis', 'holas', 'buenas', 'buenos dias', 'buen dia'),
  ...list('greeting', 'es', 'buenas tardes', 'buenas noches', 'buenos dias a todos', 'buenas a todos'),
  ...list('greeting', 'es', 'hola a todos', 'que tal', 'como estas', 'como esta', 'como estan', 'como va'),
  ...list('greeting', 'chat', 'epale', 'epa', 'como amanecen', 'como amaneciste', 'como amanecio'),
  ...list('greeting', 'es', 'como vas', 'que tal todo', 'muy buenos dias', 'muy buenas tardes', 'alo'),
  ...list('greeting', 'es', 'hello', 'hi', 'good morning'),
  ...list('callout', 'es', 'oye', 'oiga', 'oigan', 'ey', 'hey', 'mira', 'miren', 'a ver', 'psst'),
  // Said into a dictated voice note as on a call: `alo, me escuchas, este …`.
  ...list('callout', 'es', 'me escuchas', 'me escuchan', 'me oyes', 'me oyen', 'hola hola'),
  ...list('courtesy', 'es', 'por favor', 'porfavor', 'por fa', 'porfa', 'porfas', 'porfi', 'porfis'),
  ...list('courtesy', 'es', 'porfavorcito', 'favor', 'de favor', 'please', 'si eres tan amable'),
  ...list('courtesy', 'es', 'si es tan amable', 'si fueras tan amable', 'si fuera tan amable'),
  ...list('courtesy', 'es', 'si no es molestia', 'si no es mucha molestia', 'de ser posible'),
  ...list('courtesy', 'es', 'si se puede', 'si es posible', 'si puedes', 'si pueden', 'si pudieras'),
  ...list('courtesy', 'es', 'me haces el favor', 'hazme el favor', 'hagame el favor', 'me harias el favor'),
  ...list('courtesy', 'es', 'me harias un favor', 'un favor', 'un favorcito', 'favorcito'),
  ...list('thanks', 'es', 'gracias', 'muchas gracias', 'mil gracias', 'muchisimas gracias', 'gracias mil'),
  ...list('thanks', 'es', 'gracias de antemano', 'de antemano', 'mil gracias de antemano', 'thanks'),
  ...list('thanks', 'es', 'se agradece', 'te agradezco', 'le agradezco', 'les agradezco', 'agradezco'),
  ...list('thanks', 'es', 'agradeceria', 'agradecere', 'agradeceremos', 'agradeceriamos', 'muy amable'),
  ...list('thanks', 'es', 'muy amables', 'gracias totales', 'dios te pague', 'dios le pague'),
  ...list('thanks', 'es', 'un millon de gracias', 'se les agradece', 'se le agradece', 'gracias x'),
  // Thanks for something said after it (`gracias por lo de ayer`, `mil gracias por la info`).
  ...valued(
    'thanks',
    'es',
    {
      for: ['gracias por', 'muchas gracias por', 'mil gracias por', 'te agradezco por', 'les agradezco por'],
    },
    false,
  ),
  ...list('regards', 'es', 'saludos', 'saludos cordiales', 'cordiales saludos', 'cordialmente'),
  ...list('regards', 'es', 'atentamente', 'un abrazo', 'abrazo', 'abrazos', 'bendiciones'),
  ...list('regards', 'es', 'quedo atento', 'quedo atenta', 'quedamos atentos', 'quedo a la espera'),
  ...list('header', 'es', 'atencion', 'a la atencion de', 'attn', 'asunto', 'area de', 'para el area de'),
  // An office area, a message's first line (`Contabilidad` / `afp de setiembre` / …).
  ...list('department', 'es', 'contabilidad', 'almacen', 'rrhh', 'recursos humanos', 'tesoreria'),
  ...list('department', 'es', 'gerencia', 'administracion', 'recepcion', 'seguridad', 'sistemas'),
  ...list('department', 'es', 'finanzas', 'operaciones', 'mantenimiento', 'produccion', 'ventas'),
  ...list('department', 'es', 'compras', 'facturacion', 'cobranzas', 'garita', 'mesa de partes'),
  ...list('department', 'es', 'puerta', 'porteria', 'caseta', 'planta', 'calidad'),
  ...list('department', 'es', 'despacho', 'flota', 'legal', 'area legal', 'transportes y despacho'),
  ...list('regards', 'es', 'dios le bendiga', 'dios te bendiga', 'dios los bendiga', 'dios les bendiga'),
  ...list('regards', 'es', 'cordial saludo', 'un cordial saludo', 'reciba un cordial saludo', 'slds'),
  ...list('regards', 'es', 'a la espera', 'quedo pendiente', 'estare atento', 'estare atenta', 'besos'),
  ...list('addressee', 'es', 'amigo', 'amiga', 'amigos', 'amigas', 'hermano', 'hermana', 'jefe'),
  ...list('addressee', 'es', 'jefa', 'estimado', 'estimada', 'estimados', 'estimadas'),
  ...list('addressee', 'es', 'chicos', 'chicas', 'equipo', 'gente', 'colegas'),
  ...list('addressee', 'es', 'distinguidos', 'distinguidas', 'apreciados', 'apreciadas', 'respetados'),
  ...list('addressee', 'es', 'companeros', 'companeras', 'team', 'todos', 'todas', 'alguien'),
  ...list('addressee', 'es', 'alguno', 'alguna', 'ingeniero', 'ingeniera', 'doctor', 'doctora'),
  ...list('addressee', 'es', 'licenciado', 'licenciada', 'senores', 'senoras', 'senoritas', 'joven'),
  ...list('addressee', 'es', 'mi estimado', 'mi estimada', 'maestro', 'compadre', 'muchachos', 'muchachas'),
  ...list('bot-name', 'es', 'bot', 'chasqui', 'el bot', 'al bot', 'al chasqui', 'botcito', 'senor bot'),
  ...list('bot-name', 'es', 'querido bot', 'buen bot', 'asistente', 'estimado chasqui', 'querido chasqui'),
  ...list('urgency', 'es', 'urgente', 'urge', 'es urgente', 'urgentisimo', 'rapidito', 'rapido'),
  ...list('urgency', 'es', 'cuando puedas', 'cuando puedan', 'cuando pueda', 'apenas puedas'),
  ...list('urgency', 'es', 'apenas puedan', 'apenas pueda', 'en cuanto puedas', 'en cuanto puedan'),
  ...list('urgency', 'es', 'lo antes posible', 'lo mas pronto posible', 'lo mas rapido posible'),
  ...list('urgency', 'es', 'de inmediato', 'inmediatamente', 'pronto', 'hoy mismo', 'ya mismo', 'ya'),
  ...list('urgency', 'es', 'ya porfa', 'ya por favor', 'ya xfa', 'ahora mismo', 'ahora porfa'),
  ...list('urgency', 'es', 'cuando tengas un tiempo', 'cuando tengas tiempo', 'sin apuro', 'sin prisa'),
  ...list('urgency', 'es', 'por si acaso', 'de una vez', 'una vez mas', 'otra vez', 'de nuevo'),
  ...list('apology', 'es', 'disculpa', 'disculpe', 'disculpen', 'disculpas', 'mil disculpas'),
  ...list('apology', 'es', 'perdon', 'perdona', 'perdone', 'perdonen', 'permiso', 'con permiso'),
  ...list('apology', 'es', 'disculpen la hora', 'disculpa la hora', 'disculpe la hora', 'perdon la hora'),
  ...list('apology', 'es', 'perdonen la hora', 'perdon por la hora', 'disculpen la molestia'),
  ...list('apology', 'es', 'disculpa la molestia', 'disculpe la molestia', 'perdon la molestia'),
  ...list('apology', 'es', 'perdon por molestar', 'disculpa que moleste', 'disculpen que moleste'),
  ...list('apology', 'es', 'sorry', 'sorry la hora', 'perdon por la demora', 'otra vez yo'),
  ...list('ack', 'es', 'ok', 'okey', 'okay', 'listo', 'listos', 'dale', 'vale', 'perfecto', 'genial'),
  ...list('ack', 'es', 'excelente', 'entendido', 'bien', 'muy bien', 'claro', 'de nada'),
  ...list('ack', 'es', 'buenisimo', 'super', 'igualmente', 'a ti', 'a usted', 'conforme'),
  ...list('ack', 'es', 'ok gracias', 'esta bien', 'todo bien'),
  // What was seen or received: before a command word it is told (`ya vi el tc`, `recibido el ruc …`).
  named('ack', 'es', 'seen', ['ya vi', 'visto', 'copiado', 'recibido', 'anotado', 'ya lo vi', 'ya lo tengo']),
  ...list('ack', 'es', 'no'),
  // `sí` (folded `si`) is also the conjunction: see ambiguities.ts.
  ...list('affirmation', 'es', 'si', 'claro que si', 'si confirmo', 'confirmado', 'confirmo', 'dale si'),
  ...list('duration', 'es', 'un rato', 'un momento', 'por hoy', 'por ahora'),
  ...list('duration', 'es', 'hasta nuevo aviso', 'hasta que te avise', 'por un rato', 'por unas horas'),
  ...list('time-frame', 'es', 'durante', 'mientras', 'mientras que', 'en lo que', 'hasta que', 'a partir de'),
  ...list('time-frame', 'es', 'a partir del', 'a partir de la', 'en tanto'),
  ...list('farewell', 'es', 'chau', 'chao', 'adios', 'hasta luego', 'hasta manana', 'nos vemos'),
  ...list('farewell', 'es', 'bye', 'hasta pronto', 'cuidate', 'buen fin de semana', 'feliz dia'),
];

/** Laughter is recognised by its shape: `jaja`, `jejeje`, `xddd`, `lol`. */
export const SOCIAL_PATTERNS: readonly LexPattern[] = [
  { pattern: /^(?:j[aeiou]){2,}j?$|^(?:xd+|lol)$/u, class: 'laughter', variety: 'chat' },
];
