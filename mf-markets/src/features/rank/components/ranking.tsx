/** The copy-trading ranking (docs/routes.md `/rank`): a paged list with pull-to-refresh; a tap opens the trader sheet. */
import { useCallback, useState } from 'react';
import { PagedList } from '@meridian/shared/lists';
import { useLanguage } from '../../../lib/use-language';
import { fetchRankingPage } from '../api/follow-list';
import type { RankingItem } from '../api/follow-list';
import { TraderCard } from './trader-card';
import { TraderSheet } from './trader-sheet';

export function Ranking() {
  const lang = useLanguage();
  const [open, setOpen] = useState<RankingItem | null>(null);
  const close = useCallback(() => setOpen(null), []);
  return (
    <>
      <PagedList<RankingItem>
        fetchPage={fetchRankingPage}
        keyOf={(item) => item.id ?? item.user}
        renderItem={(item, index) => <TraderCard item={item} rank={index + 1} lang={lang} onOpen={setOpen} />}
      />
      <TraderSheet item={open} lang={lang} onClose={close} />
    </>
  );
}
