/**
 * The Spanish words inside the result workbook (sheet names, headers, reasons). They live in one
 * table rather than in Liquid templates because they are cell values, not messages; the chat
 * messages of `lote` are templates as everywhere else.
 */
export const SHEETS = { results: 'Resultado', issues: 'Observaciones' } as const;

export const RESULT_HEADERS = [
  'Número',
  'Tipo',
  'Razón social / Nombre',
  'Estado',
  'Condición',
  'Agente de retención',
  'Agente de percepción',
  'Agente de percepción (combustible)',
  'Buen contribuyente',
  'Domicilio fiscal',
  'Deuda coactiva (S/)',
  'Entradas de deuda coactiva',
  'Observación',
  'Fuente',
] as const;

/** The "Fuente" cell: where estado, condición and address came from. */
export const SOURCE_LABEL = {
  api: 'Consulta RUC (API)',
  register: (edition: string) => `Padrón reducido de SUNAT del ${edition}`,
} as const;

export const ISSUE_HEADERS = ['Entrada', 'Motivo'] as const;

/** Why an entry is on the second sheet, or what is missing from its row. */
const REASONS: Readonly<Record<string, string>> = {
  'ruc-check': 'RUC con dígito verificador incorrecto',
  'ruc-prefix': 'RUC con prefijo inválido (debe empezar con 10, 15, 16, 17 o 20)',
  'dni-check': 'DNI con carácter de verificación incorrecto',
  length: 'No tiene 8 dígitos (DNI) ni 11 (RUC)',
  format: 'No es un número de RUC ni de DNI',
  'not-found-ruc': 'No se encontró el RUC',
  'not-found-dni': 'No se encontró el DNI',
  budget: 'Presupuesto agotado: no se consultó',
  'budget-debt': 'Presupuesto agotado: deuda coactiva no consultada',
  not_found: 'No figura en la consulta RUC',
  hidden: 'Nombre no mostrado: este grupo no está habilitado para datos personales',
  credits: 'Créditos del plan agotados',
  rate_limited: 'El servicio limitó las consultas; intenta más tarde',
  network: 'Servicio de consultas no disponible',
  timeout: 'El servicio de consultas no respondió a tiempo',
  http: 'Servicio de consultas no disponible',
  schema: 'Respuesta inesperada del servicio de consultas',
  rejected: 'El servicio rechazó la consulta',
  unauthorized: 'El servicio rechazó la credencial',
  error: 'Error inesperado',
  duplicates: 'Números repetidos (consultados una vez)',
};

/** The reason text of a key, with `debt-<kind>` read as "deuda coactiva: <kind>". */
export function reasonText(key: string): string {
  if (key.startsWith('debt-')) return `Deuda coactiva no disponible: ${reasonText(key.slice(5))}`;
  if (key.startsWith('flags-')) {
    return `Agentes y buen contribuyente no disponibles (datos del padrón): ${reasonText(key.slice(6))}`;
  }
  return REASONS[key] ?? REASONS.error ?? key;
}

export const KIND_LABEL = { ruc: 'RUC', dni: 'DNI' } as const;
