/** The wire contract of the copy-trading ranking. Types only. */

/** One trader of GET /api/follow/list. Rates are percentages and profits USD, with 2 decimals, as text. */
export type RankingItem = {
  id: number;
  user: string;
  style: string;
  multiple: number;
  /** The instrument the trader trades ('variety'), as its display code. */
  code: string;
  three_week_rate: string;
  three_week_win: string;
  three_week_profit: string;
  total_rate: string;
  total_trade_num: number;
};

/** GET /api/follow/list: best three-week profit first. */
export type RankingPage = { data: RankingItem[]; total: number };
