/**
 * Market calls (docs/calls.md "Markets and orders"): trade_list, getCategories, kline, abbreviated_cache_kline, and the
 * instrument logos. Also starts the market service when the app is ready and stops it (final flush) on close.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context';
import { ERROR_CODES } from '@meridian/shared/pure';
import type { Candle as WireCandle, Category, Period, TradeListItem } from '@meridian/shared/pure';
import { answers } from '../../lib/contract';
import { ok } from '../../lib/envelope';
import { AppError } from '../../lib/errors';
import { ValidationError } from '../../lib/validate';
import { CATEGORIES } from './catalogue';
import { isPeriod, PERIOD_LIST } from './candles';
import type { Candle } from './candles';
import type { Instrument } from './contract';
import type { Markets } from './index';
import { logoSvg } from './logos';
import { tradeRow } from './trade-row';
import { candlesSchema, categoriesSchema, tradeListSchema } from './schemas';
import { MarketService } from './service';

/** kline: default and largest number of candles. */
export const KLINE_DEFAULT = 500;
export const KLINE_MAX = 1500;
/** abbreviated_cache_kline: default and largest number of candles. */
export const CACHE_KLINE_DEFAULT = 60;
export const CACHE_KLINE_MAX = 300;

type Query = Record<string, string | string[] | undefined>;

const one = (v: string | string[] | undefined): string | undefined =>
  (Array.isArray(v) ? v[0] : v)?.trim() || undefined;

function intParam(
  q: Query,
  name: string,
  opts: { required: boolean; min: number; max: number },
): number | undefined {
  const raw = one(q[name]);
  if (raw === undefined) {
    if (opts.required)
      throw new ValidationError([{ field: name, key: 'v.required', params: { field: name } }]);
    return undefined;
  }
  if (!/^-?\d{1,15}$/.test(raw))
    throw new ValidationError([{ field: name, key: 'v.integer', params: { field: name } }]);
  const n = Number(raw);
  if (n < opts.min || n > opts.max)
    throw new ValidationError([{ field: name, key: 'v.outOfRange', params: { field: name } }]);
  return n;
}

function periodParam(q: Query): Period {
  const raw = one(q.period);
  if (raw === undefined)
    throw new ValidationError([{ field: 'period', key: 'v.required', params: { field: 'period' } }]);
  const p = raw.toUpperCase();
  if (!isPeriod(p))
    throw new AppError(ERROR_CODES.validation, 'markets.badPeriod', { periods: PERIOD_LIST.join(', ') });
  return p;
}

const candleJson = (c: Candle): WireCandle => ({
  Time: c.time,
  Open: c.open,
  High: c.high,
  Low: c.low,
  Close: c.close,
  Volume: c.volume,
});

export const marketsRoutes: FastifyPluginAsync<{ ctx: AppContext; markets: Markets }> = async (
  app,
  { ctx, markets },
) => {
  const market = markets.market;
  const service = market instanceof MarketService ? market : undefined;
  if (service) {
    await service.init();
    app.addHook('onReady', async () => {
      await service.start();
    });
    app.addHook('onClose', async () => {
      await service.close();
    });
  }

  const instrumentOf = (q: Query): Instrument => {
    const id = intParam(q, 'forex_id', { required: true, min: 1, max: 1_000_000_000 }) as number;
    const inst = market.instrument(id);
    if (!inst) throw new AppError(ERROR_CODES.instrumentNotFound, 'markets.instrumentNotFound');
    return inst;
  };

  const row = (inst: Instrument, now: number): TradeListItem => tradeRow(market, inst, now);

  app.get('/v1/api/forex/trade_list', answers(tradeListSchema), async (req) => {
    const q = req.query as Query;
    const search = one(q.searchCurrency)?.toLowerCase().slice(0, 32);
    const category = intParam(q, 'category_id', { required: false, min: 0, max: 1000 });
    const now = ctx.now();
    const list = market
      .instruments()
      .filter(
        (i) =>
          (!search || i.code.toLowerCase().includes(search) || i.showCode.toLowerCase().includes(search)) &&
          (!category || i.categoryId === category),
      )
      .map((i) => row(i, now));
    return ok(list);
  });

  app.get('/v1/api/forex/getCategories', answers(categoriesSchema), async (req) =>
    ok(
      CATEGORIES.map((c): Category => ({
        Id: c.id,
        NameShowTrans: ctx.i18n.t(req.lang, `markets.${c.key}`),
      })),
    ),
  );

  app.get('/v1/api/forex/kline', answers(candlesSchema), async (req) => {
    const q = req.query as Query;
    const inst = instrumentOf(q);
    const period = periodParam(q);
    const limit = intParam(q, 'limit', { required: false, min: 1, max: KLINE_MAX }) ?? KLINE_DEFAULT;
    const before = intParam(q, 'end_time', { required: false, min: 0, max: Number.MAX_SAFE_INTEGER });
    const candles = service ? await service.candles(inst.id, period, limit, before) : [];
    return ok(candles.map(candleJson));
  });

  app.get('/v1/api/forex/abbreviated_cache_kline', answers(candlesSchema), async (req) => {
    const q = req.query as Query;
    const inst = instrumentOf(q);
    const period = periodParam(q);
    const limit =
      intParam(q, 'limit', { required: false, min: 1, max: CACHE_KLINE_MAX }) ?? CACHE_KLINE_DEFAULT;
    return ok((service?.recentCandles(inst.id, period, limit) ?? []).map(candleJson));
  });

  app.get('/v1/api/forex/logo/:file', async (req, reply) => {
    const file = (req.params as { file?: string }).file ?? '';
    const m = /^([A-Za-z0-9]{2,16})\.svg$/.exec(file);
    const spec = m?.[1] ? service?.spec(m[1].toUpperCase()) : undefined;
    if (!spec) throw new AppError(ERROR_CODES.notFound, 'error.notFound', {}, 404);
    return reply
      .header('Content-Type', 'image/svg+xml; charset=utf-8')
      .header('Cache-Control', 'public, max-age=86400')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(logoSvg(spec));
  });
};
