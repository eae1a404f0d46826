/** Category chips: tap one to filter, tap the active one again to clear the filter (docs/routes.md). */
import { useTranslation } from 'react-i18next';
import type { Category } from '../../../lib/instruments';
import { NS } from '../../../lib/ns';

export function CategoryChips({
  categories,
  active,
  onChange,
}: {
  categories: readonly Category[];
  active: number | null;
  onChange: (next: number | null) => void;
}) {
  const { t } = useTranslation(NS);
  return (
    <div className="chips" role="toolbar" aria-label={t('home.categories')} data-testid="category-chips">
      {categories.map((c) => {
        const on = c.Id === active;
        return (
          <button
            key={c.Id}
            className="chip"
            type="button"
            aria-pressed={on}
            onClick={() => onChange(on ? null : c.Id)}
            data-testid={`chip-${c.Id}`}
          >
            {c.NameShowTrans}
          </button>
        );
      })}
    </div>
  );
}
