import { D1, D2, D3, R2, R4, ref, type Row, weekly } from './rows.js';

/*
 * Kinds of lines a blind probe found misread (issue 18, second pass), each written here in
 * phrasings of our own: whose a document is, plates spelled by letter names, formal lead-ins,
 * descriptions after a complete request, notes of several lines with a greeting and a signature,
 * reports that name an identifier, and chatter that only contains a command's word.
 */

/** Whose the document is: someone joining is checked (read); someone merely named is told (silent). */
export const ownerRows: readonly Row[] = [
  ['dni 41234567 de la postulante', 'dni', { dni: D2 }],
  ['dni 70123456 del candidato a almacenero', 'dni', { dni: D3 }],
  ['DNI 45678912 DEL NUEVO PRACTICANTE', 'dni', { dni: D1 }],
  ['dni 41234567 del operario que entra el lunes', 'dni', { dni: D2 }],
  ['licencia 70123456 del chofer que vamos a contratar', 'licencia', { dni: D3 }],
  ['carnet de extranjería 001234567 de la nueva ayudante', 'ce'],
  ['dni 45678912 de la aspirante al puesto de caja', 'dni', { dni: D1 }],
  ['dni 70123456 de la chica que viene a la entrevista', 'dni', { dni: D3 }],
  ['dni 41234567-3 de la candidata', '!invalid-dni-check'],
  ['ruc 20601234565, es nuestro nuevo proveedor', 'ruc', { ruc: R2 }],
  ['ruc 20100456789, es la empresa de limpieza que vamos a contratar', 'ruc', { ruc: R4 }],
  ['consulto el ruc 20601234565, es la distribuidora de Arequipa', 'ruc', { ruc: R2 }],
  // told, not asked: a bare owner, a past, a state
  ['dni 41234567 del señor', null],
  ['dni 70123456 de la chica', null],
  ['dni 45678912 del postulante que ya renunció', null],
  ['el dni 41234567 de la candidata ya está en el file', null],
  ['dni 70123456, es el de la practicante', null],
  ['ruc 20601234565, es la empresa que nos cobró doble', null],
  // An office area describes whose it is, as any word would (`… de contabilidad`).
  ['dni 41234567 del nuevo de mantenimiento porfa', 'dni'],
  ['me pasas el dni 70123456 de la señora de tesorería', 'dni'],
];

/** Trailing descriptions after a complete request: the vehicle, what it is for, who it is. */
export const descriptionRows: readonly Row[] = [
  ['placa C3X918 de la camioneta roja', 'placa', { placa: 'C3X918' }],
  ['PLACA ABC123 DEL FURGON BLANCO', 'placa', { placa: 'ABC123' }],
  ['placa B7X456 de la unidad de reparto', 'placa', { placa: 'B7X456' }],
  ['dni 70123456 para la planilla de diciembre', 'dni', { dni: D3 }],
  ['ruc 20601234565 para la guía de mañana', 'ruc', { ruc: R2 }],
  ['dni 45678912, es la nueva recepcionista', 'dni', { dni: D1 }],
  ['placa C3X918 roja', null],
  ['placa ABC123 del camión amarillo ya salió', null],
];

/** Plates dictated by voice-to-text: letter names and number words, a said dash. */
export const spelledPlateRows: readonly Row[] = [
  ['la placa be siete equis guion cuatro cinco seis', 'placa', { placa: 'B7X456' }],
  ['placa ce tres equis nueve uno ocho por favor', 'placa', { placa: 'C3X918' }],
  ['me pasas la placa a be ce guion uno dos tres', 'placa', { placa: 'ABC123' }],
  ['placa efe jota ka cuatro cinco seis pe', 'placa', { placa: 'FJK456' }],
  ['eh este la placa de ele eme ene guion siete siete ocho', 'placa', { placa: 'LMN778' }],
  ['te cuento que la placa a be ce guion uno dos tres ya salió', null],
];

/** Formal lead-ins around an ordinary request. */
export const formalLeadRows: readonly Row[] = [
  ['Solicito amablemente la licencia de conducir del DNI 41234567', 'licencia', { dni: D2 }],
  ['Respetuosamente solicito el domicilio fiscal del RUC 20100456789', 'domicilio', { ruc: R4 }],
  ['¿Sería posible consultar el DNI 70123456?', 'dni', { dni: D3 }],
  ['Buenas tardes, ¿sería posible obtener el XML de la factura F001-123?', 'xml'],
  ['Se solicitan las comisiones AFP correspondientes a setiembre', 'afp', { periodo: '2026-09' }],
  ['Se solicita la deuda coactiva correspondiente al RUC 20601234565', 'deuda', { ruc: R2 }],
  ['Mucho agradeceré se sirva verificar la placa C3X918', 'placa', { placa: 'C3X918' }],
  ['Por medio de la presente solicito la guía de remisión T001-42', 'guia', ref('T001', '42')],
  ['De ser posible, el tipo de cambio del viernes', 'tc', { fecha: '2026-11-20' }],
];

/** Reports that name an identifier: said so the others know, in capitals or formal voice. */
export const reportRows: readonly Row[] = [
  ['YA SE ANULO LA GUIA T001-43', null],
  ['SE ENVIO EL XML DE LA FACTURA F001-123 AL CLIENTE', null],
  ['ya mande la guia T001-42 al almacén', null],
  ['le envío la guía T001-44 al chofer en un rato', null],
  ['Se comunica que el RUC 20601234565 pertenece a Distribuidora Los Álamos', null],
  ['Les informamos que la placa C3X918 pasó la revisión técnica', null],
  ['te cuento que el dni 45678912 es del nuevo', null],
  ['la factura F001-124 sustituye a la F001-123', null],
  ['la guía T001-45 reemplaza a la que se perdió', null],
  ['el ruc 20100456789 quedó registrado como proveedor', null],
];

/** Several lines: who writes, the requests, whose they are, a closing and a signature. */
export const noteLineRows: readonly Row[] = [
  [
    'Buenas tardes, les escribe Carla de Recursos Humanos\ndni 41234567\nlicencia 41234567\nGracias',
    [
      ['dni', { dni: D2 }],
      ['licencia', { dni: D2 }],
    ],
  ],
  [
    'hola equipo\nsoy Marco del almacén\nplaca C3X918\ny el ruc 20601234565\nsaludos',
    [
      ['placa', { placa: 'C3X918' }],
      ['ruc', { ruc: R2 }],
    ],
  ],
  [
    'Buen día\ndni 70123456\nruc 20100456789\nes la nueva contratista',
    [
      ['dni', { dni: D3 }],
      ['ruc', { ruc: R4 }],
    ],
  ],
  ['Buenos días, soy Ana de ventas\nel pedido 4512 sale hoy\nplaca C3X918', null],
  ['Orden de compra 8891\nProveedor: Ferretería San Jorge\nRUC 20601234565\nPlaca C3X918', null],
  // An office area atop the message says who writes or for whom (`aside:header`).
  [
    'Tesorería\ntc de ayer\ntc de hoy',
    [
      ['tc', { fecha: '2026-11-21' }],
      ['tc', { fecha: '2026-11-22' }],
    ],
  ],
  ['Mesa de partes:\nguía T001-42', 'guia'],
  // A line of why or which may say a time of day, but no other number (`aside:reason`).
  ['dni 41234567\nes el vigilante que entra a las 7', 'dni'],
  ['placa C3X918\nel pedido 45 sale hoy', null],
  ['Compras\nse canceló el pedido del proveedor\nruc 20601234565', null],
];

/** Chatter that contains the word of help: only a command named at the head of the topic asks the bot. */
export const helpChatterRows: readonly Row[] = [
  ['alguien me ayuda con la hoja de cálculo de la planilla?', null],
  ['ayuda con el excel de las guías', null],
  ['ayuda con la placa', 'ayuda', { tema: 'placa' }],
];

/**
 * A verb of having between the identifier and the command word asks for that command, as `tiene`
 * does (a question or a request to know); said flatly it tells.
 */
export const havingRows: readonly Row[] = [
  ['¿el ruc 20100456789 presenta deuda coactiva?', 'deuda', { ruc: R4 }],
  ['me dices si el ruc 20601234565 registra deuda coactiva', 'deuda', { ruc: R2 }],
  ['necesito saber si el ruc 20100456789 cuenta con locales anexos', 'locales', { ruc: R4 }],
  ['quisiera saber si el 20601234565 mantiene deuda coactiva por favor', 'deuda', { ruc: R2 }],
  ['el ruc 20601234565 registra deuda coactiva', null],
  ['la empresa presenta deuda coactiva desde marzo', null],
];

/** The help asked for by what it is (`los comandos disponibles`); help as a thing someone gave is thanks. */
export const helpItselfRows: readonly Row[] = [
  ['¿me indican qué opciones hay disponibles en el bot?', 'ayuda'],
  ['cuáles son las funciones del asistente', 'ayuda'],
  ['¿qué funciones tiene el puesto de almacén?', null],
  ['las opciones de pago del cliente', null],
  ['mil gracias por la ayuda con el pedido', null],
  ['gracias por el ruc 20601234565', null],
];

/**
 * After a complete request, what must be done with it or who waits on it is its reason
 * (`hay que facturar`, `hay un postulante esperando`); a thing that happened tells.
 */
export const dutyRows: readonly Row[] = [
  ['dni 70123456, hay un postulante esperando en recepción', 'dni', { dni: D3 }],
  ['placa C3X918, tenemos que mandarla a revisión', 'placa', { placa: 'C3X918' }],
  ['ruc 20601234565 me toca pagarle hoy', 'ruc', { ruc: R2 }],
  ['tc de hoy que hay que cerrar caja', 'tc'],
  ['ruc 20601234565 hay un error en la factura', null],
  ['placa C3X918, hay un choque en la avenida', null],
];

/** A line of thanks for something (`gracias por lo de ayer`) beside requests never hides them. */
export const thankedForRows: readonly Row[] = [
  ['gracias por lo del viernes\nplaca C3X918 porfa', 'placa', { placa: 'C3X918' }],
  ['dni 41234567\nmil gracias por tu paciencia', 'dni', { dni: D2 }],
  [
    'muchas gracias por la info de ayer\nruc 20100456789\ndni 70123456',
    [
      ['ruc', { ruc: R4 }],
      ['dni', { dni: D3 }],
    ],
  ],
  ['gracias por el pedido 4512 de ayer\nplaca C3X918', null],
];

/** A format word the request reads (`en xml`) stays its own, with a reason after it. */
export const formatWordRows: readonly Row[] = [
  ['factura F001-123 en xml que el cliente espera', 'factura', { format: 'xml' }],
  ['boleta B002-77 en pdf porque no la encuentran', 'factura', { format: 'pdf' }],
  ['la factura F001-123 en pdf que es para contabilidad', 'factura', { format: 'pdf' }],
];

/**
 * Fourth blind pass: kinds a fresh probe found, in phrasings of our own. An event verb (`cobrar`)
 * tells; a request whose slots may all be left out (`tc`) takes a reason; `hoy` typed by its
 * sound; `p/` for `para`; `N.°`; `se encuentra` as a verb of state; how many work somewhere;
 * voice-call fillers; a comma typed after the space; one more request after `me olvidé`; whose
 * the document is on its own line.
 */
export const fourthPassRows: readonly Row[] = [
  ['la afp integra me cobra mucho de comisión', null],
  ['afp prima me descuenta un montón', null],
  ['tc para la cotización del cliente', 'tc'],
  ['el dólar de hoy que el gerente está preguntando', 'tc'],
  ['tc de oy porfa', 'tc', { fecha: '2026-11-22' }],
  ['dni 41234567 p/ la planilla', 'dni', { dni: D2 }],
  ['favor de consultar el RUC N.° 20601234565', 'ruc', { ruc: R2 }],
  ['¿me confirma si el contribuyente 20100456789 se encuentra activo?', 'ruc', { ruc: R4 }],
  ['el ruc 20100456789 se encuentra habido', null],
  ['¿cuántos trabajan en la empresa 20601234565?', 'trabajadores', { ruc: R2 }],
  ['cuanta gente chambea en el 20100456789', 'trabajadores', { ruc: R4 }],
  ['aló me escuchas ya la placa B7X456 porfa', 'placa', { placa: 'B7X456' }],
  ['placa C3X918 ,gracias', 'placa', { placa: 'C3X918' }],
  ['se me olvidó\ndni 45678912 porfa', 'dni', { dni: D1 }],
  ['casi me olvido\nel tc del viernes', 'tc', { fecha: '2026-11-20' }],
  ['dni 45678912\nde la nueva practicante', 'dni', { dni: D1 }],
  ['dni 45678912\ndel señor', null],
];

/**
 * Fifth blind pass: a slip is never read as a word of address (`cochera` is no `chochera`); a
 * state said of the thing after `que` tells (`que está mal estacionada`); `condición de domicilio`
 * is the RUC's data; a RUC under a signature is the signer's; a salutation line ending in `:`; a
 * line after a request that says why or which in a few words; someone new named on its own line.
 */
export const fifthPassRows: readonly Row[] = [
  ['la placa C3X918 está en cochera', null],
  ['ojo con la placa B7X456 que está mal estacionada', null],
  ['¿cuál es la condición de domicilio del 20601234565?', 'ruc', { ruc: R2 }],
  ['confirmar condición de domicilio del RUC 20100456789 por favor', 'ruc', { ruc: R4 }],
  ['Saludos cordiales,\nRosa Quispe\nAsistente Contable\nRUC 20601234565', null],
  ['Estimados colegas:\ntc del viernes por favor', 'tc', { fecha: '2026-11-20' }],
  ['Lista de placas de hoy:\nC3X918\nB7X456', null],
  ['dejar de vigilar 20100456789\nya no les compramos', 'dejar', { ruc: R4 }],
  ['xml de la F001-123\nla que salió con error', 'xml'],
  ['placa C3X918\nla jefa la quiere ya', 'placa', { placa: 'C3X918' }],
  ['ruc 20601234565\nProveedor: Ferretería San Jorge\nPlaca C3X918', null],
  ['dni 45678912\nde la nueva recepcionista', 'dni', { dni: D1 }],
];

/** After a courteous request and a pause, what someone else did says why (`…, el cliente lo perdió`). */
export const someoneElseRows: readonly Row[] = [
  ['el xml de la F001-123 porfa, la contadora lo borró', 'xml'],
  ['dni 70123456 por favor, el postulante ya llegó', 'dni', { dni: D3 }],
  ['ruc 20601234565 porfa, ya lo revisé yo', null],
];

/**
 * After a date, a time of day said with `antes de`, `hasta`, `después de`, `de las` is when the
 * answer is due or something happens, not a second date (`one-at-a-time`): the date is asked for.
 */
export const dueByRows: readonly Row[] = [
  ['me pasas el tc de hoy que necesito cerrar la factura antes de las 5', 'tc', { fecha: '2026-11-22' }],
  ['el tipo de cambio de ayer para cerrar caja hasta las 6', 'tc', { fecha: '2026-11-21' }],
  ['tc del viernes porfa, lo necesito antes de la 1', 'tc', { fecha: '2026-11-20' }],
  ['tc de hoy para la reunión de las 3', 'tc', { fecha: '2026-11-22' }],
  ['el tc del viernes, que el turno de la 1 lo pide', 'tc', { fecha: '2026-11-20' }],
  ['tc de ayer y de hoy', '!one-at-a-time'],
  // Two dates are one request only when joined (`y`, `de`, a comma): other words between them say more.
  ['tc del 20/11, también el del 21/11', '!one-at-a-time'],
  ['el dólar mañana va a subir, compren hoy', null],
  ['Mensaje reenviado:\n"el dólar mañana va a subir, compren hoy"\njaja este tío', null],
  // By when it is needed, after a complete request (rule `needed-by`).
  ['tc hasta las 5 porfa', 'tc', { fecha: '2026-11-22' }],
  ['me pasas el ruc 20601234565 hasta las 4, gracias', 'ruc', { ruc: '20601234565' }],
  ['placa C3X918 para las 3 pm que sale el camión', 'placa'],
  ['dni 41234567 a más tardar a las 10 porfis', 'dni'],
  ['el tc a las 8', null],
  ['el ruc 20601234565 hasta las 5 estuvo habido', null],
];

/** A value corrected right after it was written, on its line or the next (`corrected-value`, `corrected-line`). */
export const correctionRows: readonly Row[] = [
  ['dni 41234576 no no perdón 41234567', 'dni'],
  ['me pasas la placa C3X981, me equivoqué, C3X918', 'placa'],
  ['domicilio del 20100456788 mejor dicho del 20100456789 porfa', 'domicilio', { ruc: '20100456789' }],
  ['me confirmas el ruc 20601234565 perdón es el 10456789124', 'ruc', { ruc: '10456789124' }],
  ['ruc 20100456789\nme confundí, es el 20601234565', 'ruc', { ruc: '20601234565' }],
  ['tipo de cambio del 19/11\nno perdón, del 20/11', 'tc', { fecha: '2026-11-20' }],
  ['ruc 20601234565 y también el 20100456789', '!one-at-a-time'],
  ['el ruc 20601234565 ya no, ahora trabajamos con el 20100456789', null],
];

/**
 * Kinds a seventh blind probe found misread, in phrasings of our own: a request finished on the
 * next line, a greeting that names the bot or a colleague, courtesy a letter wraps around the ask,
 * who is meant after courtesy, an exclamation at a command word, and when a schedule runs.
 */
export const seventhPassRows: readonly Row[] = [
  // a line that finishes the request above it (`continued-line`)
  ['programa el tc a las 9\nde lunes a viernes nomás', 'programar', weekly(9, 0, [1, 2, 3, 4, 5])],
  ['registra al chofer 70123456\nsu cel es 912 345 678', 'chofer', { action: 'set', document: D3 }],
  ['agrega al conductor 45678912, su número es 987 654 321', 'chofer', { action: 'set', document: D1 }],
  // a greeting that names the bot: the lines under it are said to it
  [
    'Buenas tardes bot\nya no mandes el tipo de cambio\nahora lo vemos en la web',
    'desprogramar',
    { job: 'tc' },
  ],
  ['Buenos días señorita Chasqui\nel ruc 20100456789 porfa\nes para el pago', 'ruc', { ruc: R4 }],
  ['RR.HH.\ndni 41234567', 'dni', { dni: D2 }],
  // a colleague called by name is asked, not the bot
  ['Lucía, me pasas el ruc 20601234565 porfa', null],
  ['Hola Jorge, ¿me mandas el tipo de cambio de hoy?', null],
  // a letter's courtesy around the ask
  ['¿Fuera usted tan amable de consultar la deuda coactiva del RUC 20100456789?', 'deuda', { ruc: R4 }],
  ['Les ruego se sirvan consultar el tipo de cambio de ayer.', 'tc'],
  ['dime, por favor, si el ruc 20100456789 sigue activo', 'ruc', { ruc: R4 }],
  // who is meant, after courtesy; what is said after the ask
  ['licencia 45678912 xfa el conductor no encuentra su brevete', 'licencia', { dni: D1 }],
  ['activar el bot en este grupo, acá vemos las cobranzas', 'activar', {}],
  // when the schedule runs says which
  ['ya no mandes el tc en las tardes', 'desprogramar', { job: 'tc' }],
  // an exclamation at a command word asks nothing
  ['chuta el dólar', null],
  ['uy la guía 😬', null],
  // what is done (`se` and a verb) or what someone does (a subject before the verb) is told
  ['las guías se imprimen en almacén', null],
  ['el ruc se valida antes de pagar', null],
  ['Se solicita la consulta del RUC 20100456789', 'ruc', { ruc: R4 }],
  ['el bot manda el tc a las 8 de lunes a viernes', null],
  ['el jefe pide la guía T001-42 impresa', null],
  // whose the document is, said in every way
  ['la licencia 70123456 del chibolo nuevo de despacho porfa', 'licencia', { dni: D3 }],
  ['le encargo el dni 41234567 de la nueva analista, para su contrato', 'dni', { dni: D2 }],
  // where, said of what the command shows or removes
  ['¿qué cosas hay programadas en este chat?', 'programados'],
  ['borra al chofer 45678912 de la lista', 'chofer', { action: 'remove', document: D1 }],
  // a title atop a list: a till, a gate, a shift, an office
  [
    'Caja 4\nruc 20100456789\ndni 45678912',
    [
      ['ruc', { ruc: R4 }],
      ['dni', { dni: D1 }],
    ],
  ],
  ['PORTERÍA TURNO TARDE\nplaca C3X918', 'placa'],
  ['Importaciones Paita\ntc de ayer\ngracias', 'tc'],
  // tagged to a colleague first: said to them
  ['@Marco el ruc 20601234565 porfa', null],
  // what was seen or received is told
  ['ya vi la guía T001-42, gracias', null],
  ['recibido el dni 41234567', null],
  // a verb that needs the bot named, without it, leads to no other command
  ['calla el tc', null],
  ['suspende el bot hasta el lunes, estamos en inventario', 'desactivar', {}],
  // how colleagues from elsewhere ask
  ['pana, ¿me echas una mano con el ruc 20100456789?', 'ruc', { ruc: R4 }],
  ['épale, me regalas la placa C3X918', 'placa'],
  // a wish with `que` asks; hurry after the value closes the request
  ['porfa que el bot ya no conteste en este grupo', 'desactivar', {}],
  ['ruc 20100456789 rápido, el camión está en balanza', 'ruc', { ruc: R4 }],
  ['sí pues causa, la guía está carísima', null],
  // a command word alone on a line is not finished by another command's word
  ['hola bot\nvigilados\nchoferes', [['vigilados'], ['choferes']]],
  // which schedule by its place in the list, said between the verb and the noun
  ['elimina la segunda programación porfa', 'desprogramar', { position: 2 }],
  // a rate asked with its preposition first
  ['oye el dólar a cómo está hoy', 'tc'],
  // a reason on its own line may say when (a date), as it may say at what time
  ['dni 70123456\nempieza a trabajar el 02/12', 'dni', { dni: D3 }],
];

/** Kinds met in the eighth pass over fresh phrasings. */
export const eighthPassRows: readonly Row[] = [
  // a short word with its last letter doubled is read as the word
  ['holaa el tc de hoyy', 'tc'],
  ['dnii 45678912 porfa', 'dni', { dni: D1 }],
  // the day it is needed on, after the request: today, or a later day said with `para`
  ['guía EG01-5 ahora', 'guia'],
  ['ruc 20601234565 para hoy, el cliente está en caja', 'ruc', { ruc: R2 }],
  ['placa C3X918 pa mañana porfa', 'placa'],
  ['guiaxml T001-42 mañana', null],
  ['ruc 20601234565 ayer', null],
  // for how long or from when, after the request
  ['oye bot, desactívate mientras cerramos el inventario', 'desactivar', {}],
  ['Estimado bot, sírvase reactivarse en este grupo a partir del lunes.', 'activar', {}],
  ['ruc 20601234565 desde ayer no funciona', null],
  // an aside in brackets after the value
  [
    'Buen día:\nruc 20601234565 (proveedor nuevo)\nplaca C3X918 (camión de Jorge)',
    [['ruc', { ruc: R2 }], ['placa']],
  ],
  // courtesy closes the request before a verb that asks after it
  ['la guía T001-42 xfa la necesito ya', 'guia'],
  // `y …` on the next line asks the same command again
  ['hola\nel tc del viernes\ny el del lunes también porfa', [['tc'], ['tc']]],
  [
    'ruc 20601234565\ny el 20100456789',
    [
      ['ruc', { ruc: R2 }],
      ['ruc', { ruc: R4 }],
    ],
  ],
  // a subject before its clitics and adverbs tells what it does
  ['el bot solo lo activa el gerente', null],
  // a question about what someone named does asks nothing of the bot
  ['oigan, ¿el bot envía el tc los sábados?', null],
  ['desde cuándo el bot manda las comisiones afp?', null],
  // the rate as of a day's close, as published
  ['tipo de cambio al cierre del 30 de octubre', 'tc', { fecha: '2026-10-30' }],
  ['Solicito el tipo de cambio publicado por SUNAT para el día de hoy.', 'tc', { fecha: '2026-11-22' }],
  // a request not needed any more
  ['ya no hace falta que publiques el tc, gracias', 'desprogramar', { job: 'tc' }],
  // the number before the series, joined by a dash
  ['xml de la fact. 902-F001', 'xml', ref('F001', '902', '01')],
  // the reasons formal letters give; a command word inside a reason is not what is asked
  [
    'Sírvanse indicar la deuda coactiva del RUC 20601234565, en vista de que el cliente pide crédito.',
    'deuda',
    { ruc: R2 },
  ],
  [
    'Agradeceré el domicilio fiscal del RUC 20601234565, dado que debemos notificar al proveedor.',
    'domicilio',
    { ruc: R2 },
  ],
  ['placa C3X918, pues el vehículo ingresa hoy', 'placa'],
  ['sí pues, la guía salió cara', null],
  // an office area atop the requests, with when
  [
    'Despacho\nguía T001-42\nguía T001-43',
    [
      ['guia', ref('T001', '42')],
      ['guia', ref('T001', '43')],
    ],
  ],
  ['Para despacho del lunes\nplaca C3X918', 'placa'],
  // under a request, which person it is, with a clause about them
  ['buenas\nlicencia 45678912\nes del chofer que viaja a Tacna', 'licencia'],
  ['dni 45678912\nes la practicante que entra el lunes', 'dni', { dni: D1 }],
  // courtesy and hurry among a guide's clauses
  ['guía T001-42 al toque que el camión ya sale', 'guia', ref('T001', '42')],
  ['guía T001-42 por favor al chofer', 'guia', { ...ref('T001', '42'), send: true }],
  // a month or a day `pasado`: the last one before now
  ['comisiones afp de setiembre pasado', 'afp', { periodo: '2026-09' }],
  ['tc del 3 de diciembre pasado', 'tc', { fecha: '2025-12-03' }],
  // a spoken question: the verb first, or the tag `o no`
  ['bueno a ver sigue habido el ruc 20601234565', 'ruc', { ruc: R2 }],
  ['o sea el ruc 20100456789 sigue activo o no me dices', 'ruc', { ruc: R4 }],
  // an emoji ends a clause before the request
  ['causa estoy a full 😩 pásame el tc', 'tc'],
  // how formal letters ask, and what they say of the value after it
  ['Tenga usted a bien consultar la placa C3X918.', 'placa'],
  ['Les ruego me hagan llegar el tipo de cambio del viernes.', 'tc'],
  ['Quedaré muy agradecido si me envían el domicilio fiscal del RUC 20601234565.', 'domicilio', { ruc: R2 }],
  ['Sírvase consultar el RUC 20100456789, el cual figura en la orden de compra.', 'ruc', { ruc: R4 }],
  // English loans around a request
  ['y el update del tc please', 'tc'],
  // what the request is for, said before it: a clause of its own, or up to the verb that asks
  ['Distinguidas colegas, a efectos del legajo, sírvanse consultar el DNI 45678912.', 'dni', { dni: D1 }],
  ['Estimados, para el cálculo de beneficios sírvanse indicar las comisiones AFP vigentes.', 'afp'],
  ['para el lunes mándame el tc', null],
  ['es para evaluar el crédito', null],
  // greeting or calling a colleague by name atop the lines: said to them
  ['Hola Kevin\nme pasas el ruc 20601234565', null],
  ['Don Hugo, su ruta de mañana:\nPlaca V3K552\nGuía T001-42', null],
  // under a quote, a value asked with courtesy or a reason is a request
  ['> el camión C3X918 no llega a la tienda\nplaca C3X918 porfa', 'placa'],
  ['> ¿a cuánto está el dólar?\ntc porfa para responderle al cliente', 'tc'],
  // letter courtesy
  [
    'Apreciado, ¿tendría usted la bondad de indicarme el domicilio fiscal del RUC 20601234565?',
    'domicilio',
    { ruc: R2 },
  ],
  // a past told by its accent, of a verb the lexicon does not know
  ['guía T001-43 ya volvió firmada del cliente', null],
  // after courtesy, `que` and a past says why
  ['el tc de ayer por favor que me olvidé de anotarlo', 'tc', { fecha: '2026-11-21' }],
  // a list handed over to the readers is theirs
  ['Buen día,\nles comparto los datos del proveedor nuevo:\nRUC 20601234565\nplaca C3X918', null],
  ['Solicito lo siguiente:\n1. ruc 20601234565\n2. placa C3X918', [['ruc', { ruc: R2 }], ['placa']]],
  // a letter's greeting and who writes, atop the request
  [
    'Muy buenas tardes tenga usted.\nLe agradeceré se sirva consultar la placa C3X918.\nDios se lo pague.',
    'placa',
  ],
  [
    'Le saluda cordialmente el área de logística.\nSolicitamos el DNI 45678912.\nAtte. Logística',
    'dni',
    { dni: D1 },
  ],
];
