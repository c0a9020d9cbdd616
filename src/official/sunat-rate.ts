import { sunatRateOf } from '../time/lima.js';
import type { OfficialRate, OfficialRatesPort } from './port.js';

/**
 * SUNAT's exchange rate of `date` read from BCRP's SBS series: the close of the latest business day
 * before `date` (holidays: the fixed ones plus `holidays`), put in the paid `exchangeRate` answer's
 * fields so replies need not tell the sources apart. Undefined when BCRP has no value for that close
 * (not published yet, or a holiday the calendar does not know: then the paid API knows better).
 * Throws when BCRP cannot be read.
 */
export async function officialExchangeRate(
  rates: OfficialRatesPort,
  date: string,
  holidays?: ReadonlySet<string>,
): Promise<OfficialRate | undefined> {
  const { close, published } = sunatRateOf(date, holidays);
  const found = (await rates.sbsRates(close, close)).find((rate) => rate.date === close);
  if (!found) return undefined;
  return {
    close,
    rate: {
      moneda: 'USD',
      fecha_busqueda: date,
      fecha_taxauth: published,
      venta: found.sell,
      compra: found.buy,
      date: published,
      sale: found.sell,
      purchase: found.buy,
    },
  };
}
