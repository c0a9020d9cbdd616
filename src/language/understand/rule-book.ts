/**
 * The speech-act rules of `understand()`, one row each: the name `because` logs, what it decides,
 * and lines it must and must not fire on (one generic test runs them all:
 * test/language/rule-book.test.ts). Hand-offs to another command are in rules.ts, grammar rules
 * in test/language/grammars/rules.table.ts. A name with a `:` logs what it found after it.
 */
export interface SpeechActRule {
  readonly name: string;
  readonly decides: string;
  /** Lines whose reading's `because` holds the rule. */
  readonly yes: readonly string[];
  /** Lines whose reading's `because` does not. */
  readonly no: readonly string[];
}

export const SPEECH_ACT_RULES: readonly SpeechActRule[] = [
  {
    name: 'preface',
    decides:
      'a clause before the request, up to a comma, colon or emoji (two at most), or what it is for up to the verb that asks, with no number, negation or time, is skipped',
    yes: [
      'ahí va una más: deuda coactiva 20601234565',
      'de parte de gerencia, el tipo de cambio de ayer',
      'Distinguidas colegas, a efectos del legajo, sírvanse consultar el DNI 45678912.',
      'Estimados, para el cálculo de beneficios sírvanse indicar las comisiones AFP vigentes.',
      'causa estoy a full 😩 pásame el tc',
    ],
    no: ['deuda coactiva 20601234565', 'no, el ruc 20601234565', 'para el lunes mándame el tc'],
  },
  {
    name: 'command-after-value',
    decides: 'a command word after the value asks about it: the more specific command wins',
    yes: [
      '¿el ruc 20123456786 tiene locales anexos?',
      'revisa si el RUC 20123456786 tiene deuda coactiva',
      '¿el ruc 20123456786 registra deuda coactiva?',
    ],
    no: ['ruc 20123456786', 'el ruc 20123456786 tiene deuda coactiva'],
  },
  {
    name: 'owner-of',
    decides: "a command word right after another's word and `de` says whose that one is, not what is asked",
    yes: ['chofer de la placa ABC-123'],
    no: ['placa del camión ABC-123', 'datos del vehículo C3X918', 'la razón social del RUC 20123456786'],
  },
  {
    name: 'quoted-value',
    decides: 'a rate someone quotes (`tc 3.79`, `afp 10%`) is no request for one',
    yes: ['tc 3.79', 'el dólar a 3,75 hoy'],
    no: ['tc hoy', 'tc 20/11'],
  },
  {
    name: 'pasted-field',
    decides: 'a name after a field label (`Razón social: …`) is a pasted form, not a paid search',
    yes: ['razón social: Inversiones Mar Azul S.A.C.', 'placa nueva del camión: C3X918'],
    no: [
      'buscar "Inversiones Mar Azul"',
      '@51900000000 razón social: Inversiones Mar Azul S.A.C.',
      'RUC: 20601234565',
    ],
  },
  {
    name: 'statement',
    decides: 'a verb that tells (a state outside a question, a past, a report) makes the line a remark',
    yes: [
      'el ruc 20601234565 ya no está habido',
      'la guía T001-42 llegó ayer',
      // after a clitic or `ya`, a noun that is also a verb is the verb (`se envió`, `YA SE ANULO`)
      'SE ENVIO EL XML DE LA FACTURA F001-123 AL CLIENTE',
      'le envío la guía T001-44 al chofer en un rato',
      'ya mande la guia T001-42 al almacén',
      // telling the others (`se comunica que`, `les informamos que`)
      'Se comunica que el RUC 20601234565 pertenece a Distribuidora Los Álamos',
      'Les informamos que la placa C3X918 pasó la revisión técnica',
    ],
    no: [
      '¿el ruc 20601234565 está habido?',
      'confirma si el ruc 20601234565 está activo',
      'le encargo el ruc 20100456789',
      'consulto el ruc 20601234565',
    ],
  },
  {
    name: 'word-beside',
    decides: 'a word that is no part of the request, its edges or a tail rule makes the line a remark',
    yes: ['ruc 20601234565 chancado', 'placa ABC123 roja'],
    no: ['ruc 20601234565 porfa', 'placa ABC123 al toque'],
  },
  {
    name: 'negated',
    decides: 'a note after a watched RUC may say anything but that the request is off',
    yes: ['vigilar el ruc 20601234565 ya no es necesario'],
    no: [
      'vigila el ruc 20612345679 que es nuestro proveedor de acero',
      'ponle ojo al ruc 20100456789, es proveedor nuevo',
    ],
  },
  {
    name: 'reason-tail',
    decides:
      'after a complete request, why it is wanted (`es para…`, `porque…`, `que…`), what must be done with it (`hay que…`) or who waits on it (`hay un cliente…`)',
    yes: [
      'ruc 20601234565 es para la cotización',
      'tc de hoy, hay que facturar',
      'dni 41234567 tengo una postulante esperando',
      'tc de hoy para cerrar la venta',
      'dni 70123456 para la planilla de diciembre',
      'Sírvanse indicar la deuda coactiva del RUC 20601234565, en vista de que el cliente pide crédito.',
      'placa C3X918, pues el vehículo ingresa hoy',
    ],
    // `para` + a recipient or a time says whom or when, not why; `pues` is a reason only after a pause.
    no: [
      'guía T001-43 para el lunes',
      'ruc 20601234565 que me pasaste',
      'placa b7x-456 q pasó',
      'dni 45678912 para el chofer',
      'ruc 20601234565 hay un error en la factura',
      'el brevete del 70123456 pues',
    ],
  },
  {
    name: 'corrected-value',
    decides:
      'a value written again right after a wrong one, past a correction or an apology (`digo`, `perdón`), replaces it',
    yes: [
      'ruc 20601234566 no perdón 20601234565',
      'placa ABC132, digo, ABC123',
      'me pasas la deuda del 20601234565... no, perdón, el RUC es 20100456789',
      'tc del 20/11, mejor dicho del 21/11',
    ],
    // Two values joined by `y`, or other words between them, stay two values.
    no: [
      'ruc 20601234565 y el 20100456789',
      'ruc 20601234565 perdón la hora, el dni 41234567',
      'el ruc 20601234565 es el correcto, el 20100456789 era el error',
    ],
  },
  {
    name: 'corrected-line',
    decides: 'a line that starts by correcting the request on the line before replaces that request',
    yes: ['ruc 20601234564\nno, perdón, el RUC es 20601234565', 'placa ABC-132\ndigo ABC-123'],
    no: ['ruc 20601234565\nruc 20100456789', 'ruc 20601234565\nperdón la demora, gracias'],
  },
  {
    name: 'needed-by',
    decides:
      'after a complete request, the time by which it is needed (`hasta las 5`, `para las 3 pm`, `a más tardar a las 10`) or the day (`hoy`, `ahora`, `para mañana`)',
    yes: [
      'guía EG01-5 ahora',
      'ruc 20601234565 para hoy, el cliente está en caja',
      'placa ABC-123 para mañana porfa',
      'tc hasta las 5 porfa',
      'ruc 20601234565 hasta las 5 porfa',
      'placa ABC-123 para las 3 pm, gracias',
      'el dni 45678912 a más tardar a las 10',
      'dni 45678912 hasta la 1 porfa',
      'ruc 20100456789 hasta las 6 que cierro el pedido',
    ],
    // A bare `a las 8` may ask for a schedule; a second number is a second request.
    no: [
      'tc a las 8',
      'ruc 20601234565 hasta las 5 y el 20100456789',
      'ruc 20601234565 a las 9',
      'la placa ABC-123 hasta las 5 estuvo en el almacén',
      'xml F001-123 mañana',
      'ruc 20601234565 ayer',
    ],
  },
  {
    name: 'owner-note',
    decides:
      'in a line that asks, whose the identifier is (`del nuevo chofer`, `correspondiente al postulante`)',
    yes: [
      'por favor el dni 45678912 del nuevo chofer',
      'dni 45678912 correspondiente al postulante, gracias',
      'ruc 20601234565 del proveedor de cemento, está activo?',
      'ruc 10456789124 del gasfitero que nos cotizó, porfa',
    ],
    no: [
      'ruc 20123456786 de la señora',
      'quita el ruc 20601234565 del reporte',
      'ruc 20601234565 del proveedor, esta semana',
    ],
  },
  {
    name: 'joining-note',
    decides:
      'without courtesy, whose the identifier is reads as asked when that one is joining (a candidate, `nuevo`, a clause of what they are about to do) and nothing in the note tells',
    yes: [
      'dni 41234567 de la postulante',
      'DNI 45678912 DEL NUEVO PRACTICANTE',
      'dni 41234567 del operario que entra el lunes',
      'licencia 70123456 del chofer que vamos a contratar',
    ],
    no: [
      'dni 45678912 de la señora',
      'dni 45678912 del postulante que ya renunció',
      'el dni 41234567 de la candidata ya está en el file',
      'dni 70123456 de la chica que vino ayer',
    ],
  },
  {
    name: 'owner-said',
    decides: 'after a pause, `es la/el/nuestro …` says who the identifier belongs to: context, not a report',
    yes: ['ruc 20601234565, es nuestro nuevo proveedor', 'dni 45678912, es la nueva recepcionista'],
    no: [
      'dni 70123456, es el de la practicante',
      'ruc 20601234565 es de la competencia',
      'ruc 20601234565, es la empresa que nos cobró doble',
    ],
  },
  {
    name: 'described-owner',
    decides: 'words describing a vehicle the request already carries (`del camión amarillo`, `de reparto`)',
    yes: [
      'placa C3X918 de la camioneta roja',
      'PLACA ABC123 DEL FURGON BLANCO',
      'placa B7X456 de la unidad de reparto',
    ],
    no: ['placa C3X918 roja', 'placa ABC123 del camión amarillo ya salió'],
  },
  {
    name: 'company-name-note',
    decides: "a company's name after its RUC (after a dash, quoted, capitalised, or with a legal form)",
    yes: ['ruc 20601234565 Transportes Andinos SAC', 'ruc 20601234565 "Los Álamos"'],
    no: ['ruc 20601234565', 'ruc 20601234565 de la señora'],
  },
  {
    name: 'asked-for-the-writer',
    decides: "asked on the writer's behalf (`me confirmas`, `necesito`): words after the value are context",
    yes: [
      'me confirmas el ruc 20601234565 del cliente de ayer',
      'necesito la placa ABC123 de la unidad de Juan',
    ],
    // Words that tell of the value say what it is, not what is wanted of it.
    no: [
      'pásale el ruc 20601234565 del cliente de ayer',
      'mira lo que me mandaron, el ruc 20601234565 aparece como baja de oficio',
    ],
  },
  {
    name: 'said-after-asking',
    decides: 'once an asking verb named the request, what follows a pause is context',
    yes: [
      'borra al chofer 41234567, ya no trabaja con nosotros',
      'ya no vigiles al 20601234565, ya pagó',
      'dni 41234567 porfa la señora está en recepción',
      'dni 45678912 porfa el conductor no tiene su brevete',
      'activar el bot en este grupo, aquí vemos los pagos',
    ],
    no: ['el chofer 41234567, ya no trabaja con nosotros', 'borra al chofer 41234567', 'activar, 20/11/2026'],
  },
  {
    name: 'says-the-value',
    decides: 'in an asked request, `es` before a value only says which value it is (`su número es 987…`)',
    yes: [
      'registra al chofer 45678912, su cel es 987654321',
      'anota al chofer 45678912 su número es 987 654 321',
    ],
    no: ['el ruc es 20601234565', 'el dni de la señora es 45678912'],
  },
  {
    name: 'said-to-someone',
    decides: 'a line that opens by calling a colleague by name and a comma asks that colleague, not the bot',
    yes: ['Miguel, pásame el ruc 20601234565', 'Buenas tardes Carla, me mandas el tc de hoy'],
    no: ['Chasqui, ruc 20601234565', 'Buenas, ruc 20601234565', '@51900000000 Miguel, ruc 20601234565'],
  },
  {
    name: 'exclaimed',
    decides:
      'a command word exclaimed at (`uy`, `asu`, `chuta`) with no value and nothing asked is no request',
    yes: ['chuta el dólar 📈', 'asu la guía'],
    no: ['chuta, el tc de hoy porfa', 'uy el dólar?', 'el dólar'],
  },
  {
    name: 'thanked-for',
    decides:
      'a command word right after thanks for something (`gracias por la ayuda`) is what was given, not asked',
    yes: ['mil gracias por la ayuda con el pedido', 'gracias por el ruc 20601234565'],
    no: ['gracias, ruc 20601234565', 'ayuda con la placa'],
  },
  {
    name: 'help-of-itself',
    decides:
      'words after the help that only say what it is (`los comandos disponibles del asistente`) ask for all of it',
    yes: ['¿cuáles son los comandos disponibles?', 'qué opciones hay aquí'],
    no: ['ayuda con la placa', '¿qué funciones tiene el puesto de almacén?'],
  },
  {
    name: 'weak-slot',
    decides: 'a value read only loosely (a name without quotes or capitals) needs the bot addressed',
    yes: ['busca a la panificadora la espiga de oro', 'búscame a molinera del sur'],
    no: ['buscar "Panificadora La Espiga"', '@51900000000 busca a la panificadora la espiga de oro'],
  },
  {
    name: 'joking',
    decides: 'laughing at a bare command word, without asking or thanking, is no request',
    yes: ['jajaja el dólar 📈📈'],
    no: ['jaja tc porfa', 'el dólar de hoy?'],
  },
  {
    name: 'answers-a-quote',
    decides:
      'under a quoted line (`> …`), a value given unaddressed, with no courtesy nor reason, answers the quote, not asks',
    yes: ['> necesito el ruc del proveedor\nruc 20612345679'],
    no: [
      '> pueden verificar el 20100456789?\n@51900000000 deuda 20100456789',
      'ruc 20612345679',
      '> el camión C3X918 no llega\nplaca C3X918 porfa',
    ],
  },
  {
    name: 'asked-after',
    decides: 'the ask after the value: `la guía T001-72 me la pueden mandar`, `…, la necesito impresa`',
    yes: ['la guía T001-72 me la pueden mandar en pdf', 'planilla del 20601234565, quiero ver si es grande'],
    // Without a clitic or a pause the value is the verb's subject: it tells.
    no: ['la guía T001-72 me la mandaron ayer', 'la factura F001-124 sustituye a la F001-123'],
  },
  {
    name: 'asked-detail',
    decides: 'in a question, where or which is asked about the value (`¿tiene locales en Arequipa?`)',
    yes: ['el proveedor 20612345679 tiene locales en Arequipa?'],
    no: ['el proveedor 20612345679 tiene locales en Arequipa'],
  },
  {
    name: 'pasted-note',
    decides:
      'lines that are neither requests nor social around requests: a pasted note, silent unless addressed',
    yes: ['Pedido 4512\nRUC 20601234565\nEntrega en almacén central'],
    no: [
      'Buenos días\nRUC 20601234565\nGracias',
      'Buenas tardes.\nPor favor, la guía de remisión T001-44.\nAtte. Carmen',
    ],
  },
  {
    name: 'aside:closing',
    decides:
      'a closing with a name or a way to address (`Atte. Carmen`, `gracias señorita`), or thanks for something (`gracias por lo de ayer`), is no note',
    yes: [
      'el ruc 20612345679 porfavor\nSaludos, Carmen',
      'placa ABC123\nAtte. Carmen Rojas',
      'gracias por la ayuda de ayer\nplaca ABC123',
    ],
    no: [
      'placa ABC123\nAtte. Carmen Rojas de la oficina de ventas de Lima',
      'gracias por el pedido 4512\nplaca ABC123',
    ],
  },
  {
    name: 'aside:reason',
    decides:
      'a reason on its own line after a request, or a few words saying why or which (no number, field or command), is no note',
    yes: ['el dni 41234567\nes para el contrato', 'borrar chofer 41234567\nya no trabaja con nosotros'],
    no: ['es para el contrato\nel dni 41234567', 'ruc 20601234565\nProveedor: Ferretería San Jorge'],
  },
  {
    name: 'aside:intro',
    decides:
      'before the requests, a line saying who writes (`hola, soy Rosa de RRHH`, `les escribe …`) is no note',
    yes: [
      'Buenas tardes, les escribe Carla de Recursos Humanos\ndni 41234567\nlicencia 41234567',
      'hola equipo\nsoy Marco del almacén\nplaca C3X918',
    ],
    no: ['Buenos días, soy Ana de ventas\nel pedido 4512 sale hoy\nplaca C3X918', 'placa C3X918\nsoy Marco'],
  },
  {
    name: 'aside:owner',
    decides: 'after the requests, a line saying whose they are (`es el chofer nuevo`) is no note',
    yes: ['Buen día\ndni 70123456\nruc 20100456789\nes la nueva contratista'],
    no: ['es la nueva contratista\ndni 70123456\nruc 20100456789', 'dni 70123456\nes el que renunció ayer'],
  },
  {
    name: 'aside:header',
    decides:
      'a first line saying who the message is for (`Atención contabilidad`, `Señores de RRHH:`) or titling it (`Caja 2`, `Turno noche`) is no note',
    yes: ['Atención contabilidad\nxml F001-902\npdf F001-902', 'Garita 3\nplaca C3X918\nplaca ABC123'],
    no: ['Cliente: Ferretería San Jorge\nRUC 20601234565', 'Lista de placas:\nC3X918'],
  },
  {
    name: 'aside:signature',
    decides: 'after a closing, short lines without numbers are the signature (name, title, area)',
    yes: ['ruc 20601234565\nQuedo atento.\nLuis Pacheco\nJefe de Ventas'],
    no: ['ruc 20601234565\nLuis Pacheco\nJefe de Ventas'],
  },
  {
    name: 'joined-lines',
    decides: 'a line of only a command word takes the next line as its argument',
    yes: ['RUC:\n20601234565', 'Solicito lo siguiente:\n1. Tipo de cambio de ayer.', 'tc\n20/11'],
    no: ['RUC 20601234565\nDNI 45678912'],
  },
  {
    name: 'continued-line',
    decides:
      'a line that is no request and no aside, right after a request, may finish it (its days, a phone number)',
    yes: [
      'programa el tc a las 7 de la mañana\nsolo de lunes a viernes',
      'anota al chofer 45678912\nsu número es 987 654 321',
    ],
    no: [
      'ruc 20601234565\nes para el pago de mañana',
      'ruc 20601234565\nProveedor: Ferretería San Jorge',
      'ruc 20601234565\nplaca ABC123',
    ],
  },
  {
    name: 'carried-command',
    decides: 'after a command word alone on a line, each value line takes it too',
    yes: ['vigilar\n20601234565\n20100456789', 'RUC:\n20601234565\n20100456789'],
    no: ['vigilar 20601234565\nplaca ABC123'],
  },
  {
    name: 'handed-over',
    decides:
      'a line before the requests that hands a list over to the readers (`Les informo lo siguiente:`, `adjunto …:`, `anoten:`) makes the values under it a note',
    yes: ['Les informo lo siguiente:\nRUC 20601234565\nRUC 20100456789', 'anoten:\nplaca C3X918'],
    no: ['Solicito lo siguiente:\nruc 20601234565\nruc 20100456789', '@51900000000 anoten:\nplaca C3X918'],
  },
  {
    name: 'elided-command',
    decides:
      'a line opened by `y` (`también`, `además`) after a request, with no command word, asks the same command again with another value',
    yes: ['Buenas\nel tc de hoy\ny el de ayer tmb', 'ruc 20601234565\ny el 20100456789 porfa'],
    no: ['tc de hoy\ny gracias', 'ruc 20601234565\ny el mismo de ayer'],
  },
  {
    name: 'time-frame',
    decides:
      'after a complete request, for how long or from when (`durante la auditoría`, `mientras hacemos el inventario`, `a partir de hoy`), when it tells nothing done',
    yes: [
      'desactiva el bot mientras hacemos el inventario',
      'Por favor, apague el bot en este grupo durante la auditoría.',
      'bot, actívate en este grupo a partir de hoy',
    ],
    no: ['ruc 20601234565 desde ayer no funciona', 'desactiva el bot durante la auditoría del 20601234565'],
  },
  {
    name: 'bracketed-aside',
    decides:
      'after a complete request, words in brackets are an aside (no number inside, only courtesy after)',
    yes: [
      'ruc 20601234565 (cliente nuevo)',
      'Porfa:\nruc 20601234565 (cliente nuevo)\nplaca ABC123 (su camión)',
    ],
    no: ['ruc 20601234565 (el 20100456789 no)', 'placa ABC123 (su camión) está mal parqueada'],
  },
  {
    name: 'spelling',
    decides:
      'a word spelt by its sound, one typing slip away or with its last letter doubled reads as the word meant, when that makes a valid request',
    yes: [
      'deuda coativa del 20100456789',
      'domisilio fiscal 20601234565',
      'xml de la factrua F001-123',
      'holaa el tc de hoyy',
    ],
    no: ['plaka nueva', 'la pista del 20601234565'],
  },
  {
    name: 'slip',
    decides: 'a command word one edit away is read as it only when its argument is valid',
    yes: ['rcu 20123456786'],
    no: ['rcu 12', 'ruc 20123456786'],
  },
];
