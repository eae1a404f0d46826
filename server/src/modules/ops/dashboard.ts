/**
 * The ops dashboard without the ops module knowing anyone's tables: a module registers a provider saying what waits
 * for action in its area, and `GET /api/ops/dashboard` shows the ones the caller's roles may work, beside two
 * figures read through the modules that own them (traders online from the realtime gateway, orders today from
 * trading).
 *
 *   dashboard.register({
 *     id: 'funds.deposits', labelKey: 'opsDashboard.depositsWaiting', path: OPS_PATHS.deposits, roles: ['finance'],
 *     count: async () => ({ count: n, oldestAt: oldestCreatedAt ?? null }),
 *   });
 *
 * `labelKey` is a key of locales/<lng>/server.json (translated for the caller). admin sees every count.
 */
import type { Language, OpsDashboard, OpsDashboardItem, OpsPath, OpsRole } from '@meridian/shared/pure';
import type { Translator } from '../../lib/i18n';

export type OpsCountProvider = {
  /** Stable and unique: `<area>.<queue>`. */
  id: string;
  labelKey: string;
  /** The ops page that works the queue (a page of OPS_PATHS). */
  path: OpsPath | null;
  /** Who sees the count (admin always does). */
  roles: readonly OpsRole[];
  count: () => Promise<{ count: number; oldestAt: number | null }>;
};

/** What the dashboard reads from other modules, handed over by buildApp. */
export type OpsDashboardDeps = {
  now: () => number;
  /** Distinct traders with a live socket on this node. */
  onlineUsers: () => number;
  /** Orders placed by traders (simulated traders left out) since `at`, epoch ms. */
  ordersPlacedSince: (at: number) => Promise<number>;
};

const DAY_MS = 86_400_000;

export class OpsDashboardRegistry {
  private readonly providers = new Map<string, OpsCountProvider>();

  constructor(private readonly deps: OpsDashboardDeps) {}

  register(provider: OpsCountProvider): void {
    if (this.providers.has(provider.id)) throw new Error(`dashboard count ${provider.id} registered twice`);
    this.providers.set(provider.id, provider);
  }

  /** The dashboard of an ops person with `roles`, in `lang`. */
  async read(
    roles: readonly OpsRole[],
    t: Translator,
    lang: Language,
    onError: (id: string, err: unknown) => void,
  ): Promise<OpsDashboard> {
    const now = this.deps.now();
    const [items, ordersToday] = await Promise.all([
      this.items(roles, t, lang, onError),
      this.deps.ordersPlacedSince(now - (now % DAY_MS)),
    ]);
    return { items, users_online: this.deps.onlineUsers(), orders_today: ordersToday, server_time: now };
  }

  /**
   * Every queue's count and oldest waiting time, by provider id, whatever the roles (the metrics of GET /metrics,
   * which carry no labels to translate); a failing provider is left out, not fatal.
   */
  async counts(
    onError: (id: string, err: unknown) => void,
  ): Promise<{ id: string; count: number; oldestAt: number | null }[]> {
    const providers = [...this.providers.values()];
    const results = await Promise.allSettled(providers.map((p) => p.count()));
    const out: { id: string; count: number; oldestAt: number | null }[] = [];
    results.forEach((r, i) => {
      const p = providers[i];
      if (!p) return;
      if (r.status === 'rejected') onError(p.id, r.reason);
      else out.push({ id: p.id, ...r.value });
    });
    return out;
  }

  /** The counts `roles` may see, in registration order; a failing provider is left out, not fatal. */
  async items(
    roles: readonly OpsRole[],
    t: Translator,
    lang: Language,
    onError: (id: string, err: unknown) => void,
  ): Promise<OpsDashboardItem[]> {
    const visible = [...this.providers.values()].filter(
      (p) => roles.includes('admin') || p.roles.some((r) => roles.includes(r)),
    );
    const results = await Promise.allSettled(visible.map((p) => p.count()));
    const out: OpsDashboardItem[] = [];
    results.forEach((r, i) => {
      const p = visible[i];
      if (!p) return;
      if (r.status === 'rejected') {
        onError(p.id, r.reason);
        return;
      }
      out.push({
        id: p.id,
        label: t(lang, p.labelKey),
        count: r.value.count,
        oldest_at: r.value.oldestAt,
        path: p.path,
      });
    });
    return out;
  }
}
