import type { Guide, GuideDriver, GuideGoodsItem, GuideVehicle } from '../../src/lookup/schemas/guide.js';
import { guideSchema } from '../../src/lookup/schemas/guide.js';
import { nullNullableFields } from '../../src/sandbox/fixtures/guides.js';

/**
 * Complete, schema-valid delivery guides (spec 2.15) for renderer and command tests, with the
 * shared fictional identities of the brief. Each builder returns a fresh object you may mutate.
 */

export function driver(overrides: Partial<GuideDriver> = {}): GuideDriver {
  return {
    indTipoOrden: '1',
    desTipoOrden: 'PRINCIPAL',
    codTipoDocIdentidad: '1',
    desTipoDocIdentidad: 'DNI',
    numDocIdentidad: '41234567',
    numLicencia: 'Q41234567',
    desNombre: 'HUAMAN TORRES, CARLOS ALBERTO',
    codEmisorLicencia: null,
    indFrecuente: '0',
    indEncTaxNumLicencia: '0',
    ...overrides,
  };
}

export function vehicle(overrides: Partial<GuideVehicle> = {}): GuideVehicle {
  return {
    indTipoVehiculo: '1',
    desTipoVehiculo: 'PRINCIPAL',
    numPlaca: 'ABC123',
    numTucChv: null,
    indTucChv: '0',
    indEncTaxNumTucChv: '0',
    indFrecuente: '0',
    indEncTaxNumPlaca: '0',
    autorizacion: null,
    ...overrides,
  };
}

export function goodsItem(numOrden: number, overrides: Partial<GuideGoodsItem> = {}): GuideGoodsItem {
  return {
    numOrden,
    codTipoDocumento: '01',
    desCortaTipoDocumento: 'FACTURA',
    numSerie: 'F001',
    numDocumento: '123',
    numItem: String(numOrden),
    indBienRegulado: '0',
    codBien: `COD-${String(numOrden).padStart(3, '0')}`,
    codProductoTaxauth: null,
    codSubPartida: null,
    codGtin: null,
    desBien: `ARTÍCULO DE FERRETERÍA N° ${numOrden}`,
    codUniMedida: 'NIU',
    desUniMedida: 'UNIDAD',
    numCantidad: numOrden * 2,
    indFrecuente: '0',
    docRelacionado: null,
    ...overrides,
  };
}

const place = (
  ubigeo: string,
  dep: string,
  prov: string,
  dist: string,
  address: string,
  ruc: string | null,
) => ({
  indFrecuente: '0',
  direccion: {
    codUbigeo: ubigeo,
    desDepartamento: dep,
    desProvincia: prov,
    desDistrito: dist,
    desDireccion: address,
    contribuyente: { numEstablecimiento: 0, numRuc: ruc, desRuc: null },
    puerto: null,
    numLatitud: null,
    numLongitud: null,
  },
});

const recipient = {
  codTipoDocIdentidad: '6',
  desTipoDocIdentidad: 'RUC',
  numDocIdentidad: '20601234565',
  desNombre: 'DISTRIBUIDORA LOS ALAMOS E.I.R.L.',
  indFrecuente: '0',
};

/** An active guide T001-42 like the sandbox's: two drivers, vehicle ABC123, a few goods. */
export function buildGuide(overrides: Partial<Guide> = {}): Guide {
  const guide: Guide = {
    codCpe: '09',
    numRuc: '20123456786',
    cantidad: null,
    codTipoCpe: '09',
    numSerie: 'T001',
    observacion: 'ENTREGAR EN HORARIO DE OFICINA. LLAMAR AL ALMACÉN ANTES DE LLEGAR.',
    numCpe: 42,
    codEstado: '01',
    desEstado: 'ACEPTADO',
    emision: {
      fecEmision: '2026-11-20T08:30:00',
      indSEE: '0',
      indOrigen: '1',
      desNota: null,
      desHashQr: 'aGFzaC1xci00Mg==',
      desQr:
        'https://e-factura.example.pe/v1/contribuyente/gre/comprobantes/descargaqr?hashqr=aGFzaC1xci00Mg',
      receptorObs: null,
      pse: null,
      firma: {
        idCertificado: 'CERT-0001',
        digestValue: 'q1w2e3r4t5y6u7i8o9p0AbCdEfG=',
        fecFirma: '2026-11-20T08:30:05',
      },
      numIpCliente: null,
      numFecEmision: 20261120,
      numRangoHora: 8,
    },
    emisor: {
      desNombre: 'TRANSPORTES ANDINOS DEL SUR S.A.C.',
      numAutorizacionMtc: null,
      indEncTaxNumAutorizacionMtc: null,
      indSubContratacion: '0',
      autorizacion: null,
      subContratador: null,
    },
    traslado: {
      codMotivoTraslado: '01',
      desMotivoTraslado: 'VENTA',
      desMotivoTrasladoOtros: null,
      fecInicioTraslado: '2026-11-20T09:15:00',
      numPlacaVehiculo: 'ABC123',
      fecEntrega: '2026-11-21T00:00:00',
      indModalidadTraslado: '02',
      desModalidadTraslado: 'TRANSPORTE PRIVADO',
      indTrasladoVehiculo: '0',
      indTransbordo: '0',
      indRetornoVehicEnvEmbVacio: '0',
      indRetornoVehicVacio: '0',
      indPagadorFlete: '0',
      indTrasladoDua: '0',
      desTrasladoDua: '',
      indTrasladoTotalBienes: '0',
      numBultosPallets: 12,
      desBien: null,
      codUnidadMedidaPb: 'KGM',
      numPesoBruto: 1250.5,
      numPesoBrutoItemsSel: null,
      desSustentoPesoBrutoItemsSel: '',
      contenedores: null,
      autorizacion: null,
      bien: [
        goodsItem(1, {
          codBien: 'CEM-425',
          desBien: 'CEMENTO PORTLAND TIPO I x 42.5 KG',
          codUniMedida: 'BG',
          desUniMedida: 'BOLSA',
          numCantidad: 80,
        }),
        goodsItem(2, {
          codBien: 'FIE-003',
          desBien: 'FIERRO CORRUGADO 3/8" x 9 M (GRADO 60)',
          codUniMedida: 'KGM',
          desUniMedida: 'KILOGRAMO',
          numCantidad: 412.75,
        }),
        goodsItem(3, { codBien: 'PVC-090', desBien: 'CODO PVC 90° 1/2" PARA AGUA FRÍA', numCantidad: 250 }),
      ],
      partida: place(
        '150103',
        'LIMA',
        'LIMA',
        'ATE',
        'AV. NICOLÁS AYLLÓN 2480, ZONA INDUSTRIAL',
        '20123456786',
      ),
      llegada: place(
        '040101',
        'AREQUIPA',
        'AREQUIPA',
        'AREQUIPA',
        'CALLE LOS ÁLAMOS 315, PARQUE INDUSTRIAL',
        '20601234565',
      ),
      pagadorFlete: null,
      vehiculo: [
        vehicle(),
        vehicle({ desTipoVehiculo: 'SECUNDARIO', indTipoVehiculo: '2', numPlaca: 'B7X456' }),
      ],
      conductor: [
        driver(),
        driver({
          indTipoOrden: '2',
          desTipoOrden: 'SECUNDARIO',
          numDocIdentidad: '70123456',
          numLicencia: 'Q70123456',
          desNombre: 'FLORES CCAHUANA, LUCÍA',
        }),
      ],
      proveedor: null,
      comprador: { ...recipient },
      transportista: null,
    },
    receptor: { ...recipient },
    remitente: null,
    docRelacionado: null,
    docGrePorEvento: null,
    baja: null,
    noConformidad: null,
    auditoria: {
      codUsuRegis: 'CHASQUI1',
      fecRegis: '2026-11-20T08:30:00',
      codUsuModif: 'CHASQUI1',
      fecModif: '2026-11-20T08:30:00',
      numSchemaVersion: '1',
    },
    desTipoCpe: 'GUIA DE REMISION REMITENTE',
    ...overrides,
  };
  return guideSchema.parse(guide) as Guide;
}

/** T001-43: cancelled (state 02 "BAJA", cancellation data present). */
export function buildCancelledGuide(): Guide {
  return buildGuide({
    numCpe: 43,
    codEstado: '02',
    desEstado: 'BAJA',
    baja: {
      fecRegistro: '2026-11-20T17:45:00',
      codUsuario: 'CHASQUI1',
      codMotivo: '01',
      desMotivo: 'ERROR EN LOS DATOS DEL DESTINATARIO',
    },
  });
}

/** T001-45: every field spec 2.15 allows to be null is null (and the optional lists are empty). */
export function buildNullGuide(): Guide {
  const guide = buildGuide({ numCpe: 45 });
  nullNullableFields(guide);
  guide.traslado.bien = [
    goodsItem(1, {
      codTipoDocumento: null,
      desCortaTipoDocumento: null,
      numSerie: null,
      numDocumento: null,
      numItem: null,
      codProductoTaxauth: null,
      codSubPartida: null,
      codGtin: null,
      docRelacionado: null,
    }),
  ];
  guide.traslado.vehiculo = guide.traslado.vehiculo.map((v) => ({
    ...v,
    numTucChv: null,
    autorizacion: null,
  }));
  guide.traslado.conductor = guide.traslado.conductor.map((c) => ({ ...c, codEmisorLicencia: null }));
  return guideSchema.parse(guide) as Guide;
}
