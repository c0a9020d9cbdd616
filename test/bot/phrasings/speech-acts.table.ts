import { D1, D2, D3, R1, R2, R3, R4, ref, type Row } from './rows.js';

/**
 * How a request sits in a sentence: asked indirectly (`dime si…`), with the command word after the
 * value, after a preface, with a reason, an owner or slang after it, misspelt, spoken in one breath,
 * or over several lines; and the chatter of the same shapes that must stay silent.
 */
export const speechActRows: readonly Row[] = [
  // indirect questions: `si` after a verb asks whether
  ['dime si el ruc 20601234565 sigue activo', 'ruc', { ruc: R2 }],
  ['averigua si el 20100456789 está habido porfa', 'ruc', { ruc: R4 }],
  ['quisiera saber si el RUC 10456789124 está activo', 'ruc', { ruc: R3 }],
  ['chequea si la empresa 20601234565 tiene deuda coactiva', 'deuda', { ruc: R2 }],
  ['fíjate si el 20123456786 tiene trabajadores registrados', 'trabajadores', { ruc: R1 }],
  ['me confirmas si el dni 41234567 tiene licencia?', 'licencia', { dni: D2 }],
  ['si puedes, la placa ABC123', 'placa', { placa: 'ABC123' }],
  ['sí, el tipo de cambio de hoy porfa', 'tc', { fecha: '2026-11-22' }],
  // the command word after the value
  ['¿el 20601234565 tiene deuda coactiva?', 'deuda', { ruc: R2 }],
  ['el ruc 20100456789 cuántos trabajadores tiene?', 'trabajadores', { ruc: R4 }],
  ['y el 20123456786 qué locales tiene?', 'locales', { ruc: R1 }],
  ['20601234565 tiene domicilio fiscal registrado?', 'domicilio', { ruc: R2 }],
  // prefaces before the request
  ['una consultita rápida: ruc 20601234565', 'ruc', { ruc: R2 }],
  ['perdón la hora, el dni 45678912 porfa', 'dni', { dni: D1 }],
  ['cambiando de tema, el tc del viernes', 'tc', { fecha: '2026-11-20' }],
  ['último pedido del día: placa B7X456', 'placa', { placa: 'B7X456' }],
  ['lo que me pidió Carla, la guía T001-42', 'guia', ref('T001', '42')],
  ['ojo con esto - deuda coactiva del 20100456789', 'deuda', { ruc: R4 }],
  // reasons and purposes after a complete request
  ['ruc 20100456789 porque vamos a facturarle', 'ruc', { ruc: R4 }],
  ['placa ABC123 es para el control de garita', 'placa', { placa: 'ABC123' }],
  ['dni 70123456 para el alta en planilla', 'dni', { dni: D3 }],
  ['tc de ayer que contabilidad lo necesita', 'tc', { fecha: '2026-11-21' }],
  ['afp de setiembre para calcular la planilla', 'afp', { periodo: '2026-09' }],
  ['locales del 20601234565, es para la visita del lunes', 'locales', { ruc: R2 }],
  ['pdf de la F001-123 para adjuntarlo al correo', 'pdf', ref('F001', '123', '01')],
  ['guía T001-42 ya que el cliente la está pidiendo', 'guia', ref('T001', '42')],
  // whose the identifier is, in a courteous line
  ['por favor la licencia 45678912 del conductor nuevo', 'licencia', { dni: D1 }],
  ['dni 41234567 de la postulante por favor', 'dni', { dni: D2 }],
  ['me pasas el ruc 20601234565 de nuestro proveedor?', 'ruc', { ruc: R2 }],
  // explicit asks, then context after a pause
  ['elimina al chofer 41234567, renunció la semana pasada', 'chofer', { document: D2 }],
  ['deja de vigilar el 20601234565, ya cancelamos el contrato', 'dejar', { ruc: R2 }],
  ['vigila el 20100456789, nos preocupa su situación', 'vigilar', { ruc: R4 }],
  // slips of spelling
  ['tipo de canbio de ayer', 'tc', { fecha: '2026-11-21' }],
  ['domisilio del 20601234565', 'domicilio', { ruc: R2 }],
  ['trabajadoers del 20100456789', 'trabajadores', { ruc: R4 }],
  ['lisencia 70123456', 'licencia', { dni: D3 }],
  ['guía de remsion T001-42 porfa', 'guia', ref('T001', '42')],
  ['cual es la deuda coactiba del 20123456786', 'deuda', { ruc: R1 }],
  // voice-to-text, one breath
  ['hola buenas tardes quería pedirte el ruc 20601234565 por favor muchas gracias', 'ruc', { ruc: R2 }],
  ['buenos días chasqui me podrías decir cuánto está el dólar hoy gracias', 'tc', { fecha: '2026-11-22' }],
  ['oye bot revisa si el dni 45678912 tiene licencia vigente que ya sale de viaje', 'licencia', { dni: D1 }],
  // several lines
  [
    'Buenas tardes\nRUC 20601234565\nRUC 20100456789\nGracias',
    [
      ['ruc', { ruc: R2 }],
      ['ruc', { ruc: R4 }],
    ],
  ],
  [
    'Hola\n- tc de hoy\n- afp de octubre\nSaludos',
    [
      ['tc', { fecha: '2026-11-22' }],
      ['afp', { periodo: '2026-10' }],
    ],
  ],
  ['placa ABC123\nes para el ingreso a planta', [['placa', { placa: 'ABC123' }]]],
  ['Buen día\nla licencia del dni 70123456\nAtte. Rosa Quispe', [['licencia', { dni: D3 }]]],
  ['DNI:\n45678912', [['dni', { dni: D1 }]]],
  // what follows a complete request: a purpose, the channel, a statement after a pause
  ['guía T001-219 pa imprimir, la de ayer se mojó', 'guia', { ...ref('T001', '219'), send: false }],
  [
    'envíale la guía T001-42 al chofer por favor, ya está saliendo el camión',
    'guia',
    { ...ref('T001', '42'), send: true },
  ],
  ['pásale la guía T001-88 al whatsapp del chofer', 'guia', { ...ref('T001', '88'), send: true }],
  ['ruc 20601234565 para facturar', 'ruc', { ruc: '20601234565' }],
  // chatter of the same shapes: silence
  ['dice que el ruc 20601234565 sigue activo', null],
  ['si el 20100456789 tiene deuda no le vendemos', null],
  ['el 20601234565 tiene deuda coactiva, ya lo vi', null],
  ['ya fue, el tc de ayer estuvo alto', null],
  ['no, la placa ABC123 es la otra unidad', null],
  ['ruc 20601234565 era el de la competencia', null],
  ['jajaja la guía de remisión 😂', null],
  ['el dni 45678912 de la señora ya lo tengo', null],
  ['Pedido 2231\nCliente: Ferretería San Jorge\nRUC 20601234565\nEntregar el lunes', null],
  ['verifica 20601234565 y 20100456789', 'lote'],
  ['plaka nueva para la camioneta', null],
];
