/**
 * Category chips: tap one to filter, tap the active one again to clear the filter (docs/routes.md). With
 * `favourites` (its label), a Favourites chip comes first and selects the trader's favourites ('fav').
 */
import { useTranslation } from 'react-i18next';
import type { Category } from '../../../lib/instruments';
import { NS } from '../../../lib/ns';

/** What the list shows: a category id, the favourites, or everything (null). */
export type HomeFilter = number | 'fav' | null;

export function CategoryChips({
  categories,
  active,
  onChange,
  favourites,
}: {
  categories: readonly Category[];
  active: HomeFilter;
  onChange: (next: HomeFilter) => void;
  favourites?: string;
}) {
  const { t } = useTranslation(NS);
  const chips: { id: number | 'fav'; name: string }[] = [
    ...(favourites === undefined ? [] : [{ id: 'fav' as const, name: favourites }]),
    ...categories.map((c) => ({ id: c.Id, name: c.NameShowTrans })),
  ];
  return (
    <div className="chips" role="toolbar" aria-label={t('home.categories')} data-testid="category-chips">
      {chips.map((c) => {
        const on = c.id === active;
        return (
          <button
            key={c.id}
            className="chip"
            type="button"
            aria-pressed={on}
            onClick={() => onChange(on ? null : c.id)}
            data-testid={`chip-${c.id}`}
          >
            {c.name}
          </button>
        );
      })}
    </div>
  );
}
