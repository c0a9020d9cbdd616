import { z } from 'zod';

/** Nested objects whose inner shape the spec does not show: kept as loose records, or null. */
const opaque = z.record(z.string(), z.unknown()).nullable();
const str = z.string();
const nstr = z.string().nullable();
const nnum = z.number().nullable();

/** receptor / comprador (2.15). */
const guidePartySchema = z.object({
  codTipoDocIdentidad: str,
  desTipoDocIdentidad: str,
  numDocIdentidad: str,
  desNombre: str,
  indFrecuente: str,
});

const guideGoodsItemSchema = z.object({
  numOrden: z.number().int(),
  codTipoDocumento: nstr,
  desCortaTipoDocumento: nstr,
  numSerie: nstr,
  numDocumento: nstr,
  numItem: nstr,
  indBienRegulado: str,
  codBien: str,
  codProductoTaxauth: nstr,
  codSubPartida: nstr,
  codGtin: nstr,
  desBien: str,
  codUniMedida: str,
  desUniMedida: str,
  numCantidad: z.number(),
  indFrecuente: str,
  docRelacionado: opaque,
});
export type GuideGoodsItem = z.infer<typeof guideGoodsItemSchema>;

const guidePlaceSchema = z.object({
  indFrecuente: str,
  direccion: z.object({
    codUbigeo: str,
    desDepartamento: str,
    desProvincia: str,
    desDistrito: str,
    desDireccion: str,
    contribuyente: z.object({
      numEstablecimiento: z.number().int(),
      numRuc: nstr,
      desRuc: nstr,
    }),
    puerto: opaque,
    numLatitud: nnum,
    numLongitud: nnum,
  }),
});
export type GuidePlace = z.infer<typeof guidePlaceSchema>;

const guideVehicleSchema = z.object({
  indTipoVehiculo: str,
  desTipoVehiculo: str,
  numPlaca: str,
  numTucChv: nstr,
  indTucChv: str,
  indEncTaxNumTucChv: str,
  indFrecuente: str,
  indEncTaxNumPlaca: str,
  autorizacion: opaque,
});
export type GuideVehicle = z.infer<typeof guideVehicleSchema>;

const guideDriverSchema = z.object({
  indTipoOrden: str,
  desTipoOrden: str,
  codTipoDocIdentidad: str,
  desTipoDocIdentidad: str,
  numDocIdentidad: str,
  numLicencia: str,
  desNombre: str,
  codEmisorLicencia: nstr,
  indFrecuente: str,
  indEncTaxNumLicencia: str,
});
export type GuideDriver = z.infer<typeof guideDriverSchema>;

const guideCancellationSchema = z.object({
  fecRegistro: str,
  codUsuario: str,
  codMotivo: str,
  desMotivo: str,
});

/** 2.15 Delivery guide (GRE) record (operation 19). Every field the spec marks nullable accepts null. */
export const guideSchema = z.object({
  codCpe: str,
  numRuc: str,
  cantidad: z.unknown().optional(),
  codTipoCpe: str,
  numSerie: str,
  observacion: nstr,
  numCpe: z.number().int(),
  codEstado: str,
  desEstado: str,
  emision: z.object({
    fecEmision: str,
    indSEE: str,
    indOrigen: str,
    desNota: nstr,
    desHashQr: str,
    desQr: str,
    receptorObs: nstr,
    pse: nstr,
    firma: z.object({ idCertificado: str, digestValue: str, fecFirma: nstr }),
    numIpCliente: nstr,
    numFecEmision: z.number().int(),
    numRangoHora: z.number().int(),
  }),
  emisor: z.object({
    desNombre: str,
    numAutorizacionMtc: nstr,
    indEncTaxNumAutorizacionMtc: nstr,
    indSubContratacion: str,
    autorizacion: opaque,
    subContratador: opaque,
  }),
  traslado: z.object({
    codMotivoTraslado: str,
    desMotivoTraslado: str,
    desMotivoTrasladoOtros: nstr,
    fecInicioTraslado: str,
    numPlacaVehiculo: nstr,
    fecEntrega: nstr,
    indModalidadTraslado: str,
    desModalidadTraslado: str,
    indTrasladoVehiculo: str,
    indTransbordo: str,
    indRetornoVehicEnvEmbVacio: str,
    indRetornoVehicVacio: str,
    indPagadorFlete: str,
    indTrasladoDua: str,
    desTrasladoDua: str,
    indTrasladoTotalBienes: str,
    numBultosPallets: nnum,
    desBien: nstr,
    codUnidadMedidaPb: str,
    numPesoBruto: z.number(),
    numPesoBrutoItemsSel: nnum,
    desSustentoPesoBrutoItemsSel: str,
    contenedores: z.array(z.unknown()).nullable(),
    autorizacion: opaque,
    bien: z.array(guideGoodsItemSchema),
    partida: guidePlaceSchema,
    llegada: guidePlaceSchema,
    pagadorFlete: opaque,
    vehiculo: z.array(guideVehicleSchema),
    conductor: z.array(guideDriverSchema),
    proveedor: opaque,
    comprador: guidePartySchema,
    transportista: opaque,
  }),
  receptor: guidePartySchema,
  remitente: opaque,
  docRelacionado: opaque,
  docGrePorEvento: opaque,
  baja: guideCancellationSchema.nullable(),
  noConformidad: opaque,
  auditoria: z.object({
    codUsuRegis: str,
    fecRegis: str,
    codUsuModif: str,
    fecModif: str,
    numSchemaVersion: str,
  }),
  desTipoCpe: str,
});
export type Guide = z.infer<typeof guideSchema>;
