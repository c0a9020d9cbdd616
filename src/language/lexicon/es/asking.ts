import { list, named, valued } from '../build.js';
import type { LexEntry } from '../types.js';

/**
 * How people ask, and how they tell instead: question words, what is asked of an identifier
 * (`titular`, `estado`, `¿está habido?`), verbs of state (`es`, `está`, `tiene`), reports (`ya
 * llegó`), the moves of a rate (`¿a cuánto cerró?`), and the reasons said after a request.
 */
export const ASKING_WORDS: readonly LexEntry[] = [
  ...list('question-word', 'es', 'que', 'cual', 'cuales', 'cuanto', 'cuanta', 'cuantos', 'cuantas'),
  ...list('question-word', 'es', 'quien', 'quienes', 'donde', 'como', 'cuando', 'por que'),
  // Question tags: `¿está anulada o no?`, `¿sigue activo, verdad?`.
  ...list('question-word', 'es', 'o no', 'si o no', 'verdad', 'cierto', 'no es cierto', 'o que'),
  ...list('question-word', 'chat', 'q', 'xq', 'pq', 'k'),
  // What a price or a rate is asked with: `el dólar a cuánto está`, `¿a cómo cerró?`.
  ...list('question-word', 'es', 'a cuanto', 'a como', 'a que hora', 'a cuantos'),
  ...list('asking-noun', 'es', 'consulta', 'consultas', 'consultita', 'pregunta', 'preguntita', 'duda'),
  ...list('asking-noun', 'es', 'dudita', 'pedido', 'solicitud', 'encargo', 'encarguito', 'ayudita'),
  ...list('asking-noun', 'es', 'una consulta', 'una pregunta', 'una duda', 'una ayudita', 'otra consulta'),
  ...list('asking-noun', 'es', 'consulta rapida', 'pregunta rapida', 'lista', 'urgente consulta'),
  // What is asked of an identifier: `datos del ruc …`, `titular de la placa …`.
  ...list('topic-noun', 'es', 'datos', 'dato', 'info', 'informacion', 'data', 'detalle', 'detalles'),
  ...list('topic-noun', 'es', 'update', 'status', 'tracking'),
  ...list('topic-noun', 'es', 'ficha', 'nombre', 'titular', 'propietario', 'dueno', 'duena', 'categoria'),
  ...list('topic-noun', 'es', 'identificado', 'identificada', 'razon social', 'a nombre de', 'a nombre'),
  ...list('topic-noun', 'es', 'de quien', 'a quien', 'quien es', 'resultado', 'reporte', 'situacion'),
  ...list('topic-noun', 'es', 'tasa', 'tasas', 'aporte', 'aportes', 'porcentaje', 'porcentajes'),
  ...list('topic-noun', 'es', 'envio', 'publicacion', 'mensaje', 'post', 'aviso', 'automatico', 'automatica'),
  ...list('topic-noun', 'es', 'cosa', 'cosas', 'algo'),
  // Asked about in a question (`¿de qué marca es?`, `¿en qué estado está?`).
  ...list('attribute', 'es', 'estado', 'condicion', 'marca', 'modelo', 'color', 'ano de fabricacion'),
  ...list('attribute', 'es', 'vigencia', 'fecha de vencimiento', 'tipo de contribuyente'),
  // A taxpayer's state in SUNAT's register (`¿está habido el 2010…?` asks for the RUC's data).
  named('state-adjective', 'es', 'taxpayer', [
    'activo',
    'activa',
    'habido',
    'habida',
    'inactivo',
    'inactiva',
  ]),
  named('state-adjective', 'es', 'taxpayer', ['activos', 'habidos', 'habidas', 'inactivos']),
  named('state-adjective', 'es', 'taxpayer', [
    'no habido',
    'no habida',
    'suspendido',
    'suspendida',
    'de baja',
  ]),
  ...list('state-adjective', 'es', 'vigente', 'vigentes', 'valido', 'valida', 'correcto', 'correcta'),
  ...list('state-adjective', 'es', 'disponible', 'disponibles', 'existentes'),
  ...list('state-adjective', 'es', 'mal', 'en regla', 'al dia', 'limpio', 'limpia', 'en orden'),
  // Verbs of state: they tell in a statement (`el ruc es …`) and ask in a question.
  ...list('state-verb', 'es', 'es', 'son', 'esta', 'estan', 'tiene', 'tienen', 'era', 'eran', 'estaba'),
  ...list('state-verb', 'es', 'estaban', 'sigue', 'siguen', 'figura', 'figuran', 'aparece', 'aparecen'),
  ...list('state-verb', 'es', 'existe', 'existen', 'queda', 'quedan', 'pertenece', 'pertenecen'),
  ...list('state-verb', 'es', 'corresponde', 'corresponden', 'continua', 'sale como', 'se llama'),
  ...list('state-verb', 'es', 'hay', 'tienes', 'tenemos', 'estas', 'estamos', 'estoy', 'tengo', 'tiene que'),
  ...list('state-verb', 'es', 'se encuentra', 'se encuentran', 'se halla', 'se hallan', 'permanece'),
  // Verbs of having said of a taxpayer or a vehicle, like `tiene`: `¿el ruc … registra deuda?`.
  ...list('state-verb', 'es', 'registra', 'registran', 'presenta', 'presentan', 'mantiene', 'mantienen'),
  ...list('state-verb', 'es', 'posee', 'poseen', 'cuenta con', 'cuentan con', 'reporta', 'reportan'),
  ...list('state-verb', 'es', 'arrastra', 'arrastran', 'acumula', 'acumulan', 'mantenia', 'registraba'),
  // Reports: what happened (`guía T001-42 ya llegó`). Events (`llegar`, `subir`) are verbs of
  // sense `event` in verbs.ts; these are the forms of verbs that are no lemma there.
  // A past state asks in a question (`¿cuánto fue el dólar ayer?`) and tells elsewhere.
  ...list('state-verb', 'es', 'fue', 'fueron', 'estuvo', 'estuvieron', 'cerro en', 'quedo en'),
  ...list('report-verb', 'es', 'sera', 'seria', 'quedo', 'tenia', 'hubo'),
  // What happened to something, asked of people: `¿qué fue del camión ABC-123?`.
  ...list(
    'report-verb',
    'es',
    'que fue de',
    'que fue del',
    'que paso con',
    'que paso con el',
    'que sucedio con',
  ),
  // Telling the others what follows (`se informa que …`, `les comunico que …`): a report, never a request.
  ...list('telling', 'es', 'se informa que', 'se comunica que', 'informo que', 'informamos que'),
  ...list('telling', 'es', 'les informo que', 'les informamos que', 'le informo que', 'te informo que'),
  ...list('telling', 'es', 'comunico que', 'comunicamos que', 'les comunico que', 'les comunicamos que'),
  ...list('telling', 'es', 'hago de conocimiento', 'hacemos de conocimiento', 'se hace de conocimiento'),
  ...list('telling', 'es', 'pongo en conocimiento', 'cabe mencionar que', 'cabe precisar que'),
  ...list('telling', 'es', 'cabe indicar que', 'se deja constancia', 'les aviso que', 'te aviso que'),
  ...list('telling', 'es', 'les cuento que', 'te cuento que', 'para informar que', 'se les informa que'),
  // Said so the others know, not asked: `RUC: 2060… (para que lo tengan a la mano)`.
  ...list('report-verb', 'es', 'para que lo tengan', 'para que lo tengas', 'para que sepan', 'fyi'),
  ...list('report-verb', 'es', 'para que lo sepan', 'para que lo anoten', 'para su conocimiento'),
  ...list('report-verb', 'es', 'para conocimiento', 'para que esten al tanto', 'para que tomen nota'),
  ...list('report-verb', 'es', 'para que lo tengan presente', 'para que lo agenden', 'para tu conocimiento'),
  ...list('report-verb', 'es', 'ha sido', 'ya esta', 'tenian', 'teniamos', 'quedaron', 'estaban listos'),
  ...list('report-verb', 'es', 'ya estan', 'ya tengo', 'ya lo tengo', 'ya la tengo', 'ya lo vi'),
  // What a notice waits for: `avísame si cambia el ruc …`, `cuando cambie de estado`.
  ...list(
    'condition',
    'es',
    'si cambia',
    'cuando cambie',
    'si hay cambios en',
    'si hay cambios',
    'de cambios en',
  ),
  ...list(
    'condition',
    'es',
    'de cambios del',
    'de cualquier cambio en',
    'cualquier cambio',
    'si pasa algo con',
  ),
  ...list('condition', 'es', 'si cambia algo', 'si cambia algo en', 'cuando cambie algo', 'si se modifica'),
  ...list('condition', 'es', 'cuando haya cambios', 'cuando haya cambios en', 'si deja de ser habido'),
  // How a rate moved, asked about (`¿a cuánto cerró el dólar?`, `¿el dólar a cuánto amaneció?`).
  ...list('rate-move', 'es', 'cerro', 'abrio', 'amanecio', 'anda', 'va', 'cierra', 'abre', 'amanece'),
  // Whose identifier: `dni de la señora …`, `ruc del proveedor …`.
  ...list('person-noun', 'es', 'senor', 'senora', 'senorita', 'don', 'dona', 'sr', 'sra', 'persona'),
  ...list('person-noun', 'es', 'proveedor', 'proveedora', 'cliente', 'clienta', 'trabajador'),
  ...list('person-noun', 'es', 'trabajadora', 'empresa', 'contribuyente', 'colaborador', 'colaboradora'),
  // Someone joining (applying, hired, starting): whose documents personnel checks (`dni … del postulante`).
  named('person-noun', 'es', 'joining', [
    'postulante',
    'postulanta',
    'candidato',
    'candidata',
    'practicante',
  ]),
  named('person-noun', 'es', 'joining', ['aspirante', 'ingresante', 'becario', 'becaria', 'nuevo ingreso']),
  named('person-noun', 'es', 'joining', ['nuevo personal', 'personal nuevo', 'recien ingresado']),
  // Trades and people staff name an owner by (`ruc del gasfitero`, `dni del operario venezolano`).
  ...list('person-noun', 'es', 'gasfitero', 'electricista', 'pintor', 'albanil', 'maestro de obra'),
  ...list('person-noun', 'es', 'tecnico', 'tecnica', 'operario', 'operaria', 'obrero', 'obrera'),
  ...list('person-noun', 'es', 'vendedor', 'vendedora', 'contador', 'contadora', 'abogado'),
  ...list(
    'person-noun',
    'es',
    'abogada',
    'arquitecto',
    'arquitecta',
    'muchacho',
    'muchacha',
    'chico',
    'chica',
  ),
  ...list('person-noun', 'es', 'vigilante', 'guardian', 'mecanico', 'cocinero', 'cocinera'),
  ...list('person-noun', 'es', 'auxiliar', 'ayudante', 'estibador', 'almacenero'),
  ...list('person-noun', 'es', 'subcontratista', 'contratista', 'locador', 'locadora', 'arrendador'),
  ...list('person-noun', 'es', 'venezolano', 'venezolana', 'colombiano', 'colombiana', 'extranjero'),
  ...list('person-noun', 'es', 'extranjera', 'chileno', 'chilena', 'boliviano', 'boliviana'),
  ...list('person-noun', 'es', 'ecuatoriano', 'ecuatoriana', 'argentino', 'argentina'),
  ...list('person-noun', 'es', 'nuevo proveedor', 'nuevo cliente'),
  // Whose the identifier is, after it: `DNI 7012… correspondiente al postulante`.
  ...list('owner-of', 'es', 'de', 'del'),
  ...list('owner-lead', 'es', 'correspondiente a', 'correspondiente al', 'correspondiente a la'),
  ...list('owner-lead', 'es', 'correspondientes a', 'correspondientes al', 'correspondiente a los'),
  ...list('owner-said', 'es', 'es el', 'es la', 'es un', 'es una', 'es nuestro', 'es nuestra', 'es mi'),
  ...list('owner-said', 'es', 'es su', 'son los', 'son las', 'son nuestros', 'es del', 'es de la', 'son del'),
  ...list('owner-lead', 'es', 'perteneciente a', 'perteneciente al', 'que pertenece a', 'que corresponde a'),
  ...list('owner-lead', 'es', 'que corresponde al', 'que pertenece al', 'asignado a', 'asignada a'),
  ...list('topic-noun', 'es', 'resumen', 'reporte', 'publicaciones', 'envios', 'mensajes', 'posts'),
  // Why, said after a complete request: `… es para la cotización`, `… que el cliente espera`.
  ...valued(
    'reason',
    'es',
    {
      purpose: [
        'es para',
        'para',
        'lo necesito para',
        'lo necesitamos para',
        'necesito para',
        'para poder',
        'pa',
        'pal',
        'p/',
        'xa',
      ],
      before: ['antes de', 'antes que', 'despues de', 'a fin de', 'con el fin de', 'con miras a', 'antes d'],
      // What the value is for, told of it: `…, la cual debe adjuntarse al escrito`.
      relative: ['la cual', 'el cual', 'lo cual', 'los cuales', 'las cuales'],
      cause: ['que', 'porque', 'ya que', 'es que', 'debido a que', 'puesto que', 'dado que'],
      // How formal letters give the reason: `…, en vista de que el cliente desea saber …`.
      formal: [
        ...['en vista de que', 'habida cuenta de que', 'por cuanto', 'en razon de que', 'toda vez que'],
        ...[
          'visto que',
          'a raiz de que',
          'debido a',
          'a efectos de',
          'para efectos de',
          'con la finalidad de',
        ],
        ...['a fin de que', 'con el objeto de', 'con el proposito de', 'pues', 'en atencion a que'],
      ],
      // What must be done with it: `tc de hoy, hay que facturar`, `… tengo que pagarle hoy`.
      duty: ['hay que', 'tengo que', 'tenemos que', 'toca', 'nos toca', 'me toca'],
      // Someone waiting on it, when a person follows: `…, hay un trabajador que pide su constancia`.
      someone: ['hay un', 'hay una', 'hay unos', 'hay unas', 'tengo un', 'tengo una', 'tenemos un'],
    },
    false,
  ),
];
