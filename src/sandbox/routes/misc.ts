import { exchangeRateFor, pensionRatesFor, vehicles } from '../fixtures/index.js';
import { type Handler, stringField } from './context.js';
import { BAD_REQUEST, ok, replyMap } from './envelope.js';

const vehicleReplies = replyMap(vehicles);

/** 13 POST /placa: hyphens and spaces ignored, case-insensitive; unknown plate → Bad Request. */
export const vehicle: Handler = ({ body }) => {
  const value = stringField(body, 'placa');
  if (value === undefined) return BAD_REQUEST;
  return vehicleReplies.get(value.replace(/[\s-]/g, '').toUpperCase()) ?? BAD_REQUEST;
};

/** 14 POST /tipo_de_cambio: any date since 2000 (fallbacks in the fixture generator). */
export const exchangeRate: Handler = ({ body, now, ratePublishedAtMinutes }) => {
  const fecha = stringField(body, 'fecha');
  if (fecha === undefined) return BAD_REQUEST;
  const rate = exchangeRateFor(fecha, now, ratePublishedAtMinutes);
  return rate ? ok(rate) : BAD_REQUEST;
};

/** 15 POST /comisiones-afp: 2020-01 up to the current month, four managers each. */
export const pensionRates: Handler = ({ body, now }) => {
  const periodo = stringField(body, 'periodo');
  if (periodo === undefined) return BAD_REQUEST;
  const rates = pensionRatesFor(periodo, now);
  return rates ? ok(rates) : BAD_REQUEST;
};
