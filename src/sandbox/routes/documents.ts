import { guides, guideXmlBase64, invoiceZips, sandboxTaxPortal } from '../fixtures/index.js';
import { type Handler, stringField } from './context.js';
import { BAD_REQUEST, MESSAGES, ok, type Reply, replyMap } from './envelope.js';

const INVOICE_FIELDS = [
  'ruc',
  'usuario',
  'password',
  'proveedor',
  'tipo_doc',
  'serie',
  'correlativo',
] as const;

/** Correlatives are compared as numbers: "00000123" and "123" name the same document. */
const normaliseNumber = (text: string) => (/^\d+$/.test(text) ? String(Number(text)) : text);

function invoiceRoute(kind: 'xml' | 'pdf'): Handler {
  let replies: ReadonlyMap<string, Reply> | undefined;
  const repliesOf = () =>
    (replies ??= new Map(
      Object.entries(invoiceZips()).map(([key, zips]) => [key, ok({ xml_base64: zips[kind] })] as const),
    ));
  return ({ body }) => {
    const fields: Partial<Record<(typeof INVOICE_FIELDS)[number], string>> = {};
    for (const name of INVOICE_FIELDS) {
      const value = stringField(body, name)?.trim();
      if (!value) return BAD_REQUEST;
      fields[name] = value;
    }
    const { ruc, usuario, password, proveedor, tipo_doc, serie, correlativo } = fields as Record<
      (typeof INVOICE_FIELDS)[number],
      string
    >;
    const credentialsOk =
      ruc === sandboxTaxPortal.ruc &&
      usuario.toUpperCase() === sandboxTaxPortal.usuario &&
      password === sandboxTaxPortal.password;
    if (!credentialsOk) return BAD_REQUEST;
    const key = `${proveedor}-${tipo_doc}-${serie.toUpperCase()}-${normaliseNumber(correlativo)}`;
    return repliesOf().get(key) ?? BAD_REQUEST;
  };
}

/** 16 POST /taxauth/xml */
export const invoiceXml = invoiceRoute('xml');
/** 17 POST /taxauth/pdf */
export const invoicePdf = invoiceRoute('pdf');

/** Parses '{numRuc}-{tipo}-{serie}-{numero}' (already URL-decoded) into a fixture key, or null. */
function guideKey(segment: string): string | null {
  const parts = segment.split('-').map((part) => part.trim());
  if (parts.length !== 4 || parts.some((part) => part.length === 0)) return null;
  const [numRuc, tipo, serie, numero] = parts as [string, string, string, string];
  return `${numRuc}-${tipo}-${serie.toUpperCase()}-${normaliseNumber(numero)}`;
}

function guideRoute(replies: ReadonlyMap<string, Reply>): Handler {
  return ({ param }) => {
    const key = guideKey(param);
    return (key !== null && replies.get(key)) || BAD_REQUEST;
  };
}

/** 18 GET /taxauth/guia/xml/{ref}: data is the bare Base64 string (spec 4.3 rule 1). */
export const guideXml = guideRoute(replyMap(guideXmlBase64, MESSAGES.okGuide));
/** 19 GET /taxauth/guia/json/{ref} */
export const guideJson = guideRoute(replyMap(guides, MESSAGES.okGuide));
