/**
 * Dashboard counts without the host knowing anyone's tables: a module registers a provider saying what waits for
 * action in its area, and `GET /api/ops/dashboard` shows the ones the caller's roles may work.
 *
 *   ctx.opsDashboard.register({
 *     id: 'funds.deposits', labelKey: 'opsDashboard.deposits', path: '/ops/deposits', roles: ['finance'],
 *     count: async () => ({ count: n, oldestAt: oldestCreatedAt ?? null }),
 *   });
 *
 * `labelKey` is a key of locales/<lng>/server.json (translated for the caller). admin sees every count.
 */
import type { Language, OpsDashboardItem, OpsPath, OpsRole } from '@meridian/shared/pure';
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

export class OpsDashboardRegistry {
  private readonly providers = new Map<string, OpsCountProvider>();
  /** Traders with a live socket on this node (set by the realtime gateway). */
  onlineUsers: () => number = () => 0;

  register(provider: OpsCountProvider): void {
    if (this.providers.has(provider.id)) throw new Error(`dashboard count ${provider.id} registered twice`);
    this.providers.set(provider.id, provider);
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
