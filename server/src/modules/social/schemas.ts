/** Inputs of the social calls and the shapes of their answers, tied to the wire contract. */
import { z } from 'zod';
import type { RankingPage } from '@meridian/shared/pure';
import { contract, wire } from '../../lib/contract';
import { optInt } from '../../lib/validate';

export const pageQuery = z.object({
  page: optInt(1, 100000).transform((v) => v ?? 1),
  limit: optInt(1, 100).transform((v) => v ?? 10),
});

const percent = z.string().regex(/^-?\d+\.\d{2}$/);

export const rankingPageSchema = contract<RankingPage>()(
  z.strictObject({
    data: z.array(
      z.strictObject({
        id: z.number().int(),
        user: z.string(),
        style: z.string(),
        multiple: z.number().int().positive(),
        code: z.string(),
        three_week_rate: percent,
        three_week_win: percent,
        three_week_profit: wire.cents,
        total_rate: percent,
        total_trade_num: z.number().int().min(0),
      }),
    ),
    total: z.number().int().min(0),
  }),
);
