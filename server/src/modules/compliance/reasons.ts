/** The rejection reason as the trader reads it: the listed reason in their language, then the reviewer's note. */
import { KYC_REJECT_REASONS } from '@meridian/shared/pure';
import type { Language } from '@meridian/shared/pure';
import type { Translator } from '../../lib/i18n';

export function rejectionText(
  t: Translator,
  lang: Language,
  row: { reason_code: string | null; reason: string | null },
): string {
  const listed =
    row.reason_code && (KYC_REJECT_REASONS as readonly string[]).includes(row.reason_code)
      ? t(lang, `kycReason.${row.reason_code}`)
      : '';
  const note = row.reason?.trim() ?? '';
  if (listed && note && row.reason_code !== 'other')
    return t(lang, 'kycReason.withNote', { reason: listed, note });
  return note || listed;
}
