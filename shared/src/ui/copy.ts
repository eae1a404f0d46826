/** Copy to the clipboard, with the old textarea trick where the Clipboard API is missing or refused (http, old iOS). */
import { i18n } from '../i18n/i18n';
import { toast } from '../state/ui';

/**
 * Copy `text`; on success shows the `common:copySuccess` toast (or `successText`). Resolves false when both the
 * Clipboard API and the fallback failed. Call it from a user gesture, which browsers require.
 */
export async function copyText(text: string, successText?: string): Promise<boolean> {
  let copied = false;
  const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
  if (clipboard && typeof clipboard.writeText === 'function') {
    try {
      await clipboard.writeText(text);
      copied = true;
    } catch {
      // Permission refused or an insecure context: try the fallback.
    }
  }
  if (!copied) copied = copyWithTextarea(text);
  if (copied) toast(successText ?? i18n.t('copySuccess', { ns: 'common' }), 'success');
  return copied;
}

function copyWithTextarea(text: string): boolean {
  if (typeof document === 'undefined' || !document.body) return false;
  const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const area = document.createElement('textarea');
  area.value = text;
  // Read-only and off screen: no keyboard pops up on phones, nothing flashes, no scroll jump.
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.insetBlockStart = '0';
  area.style.insetInlineStart = '-9999px';
  area.style.opacity = '0';
  area.style.fontSize = '16px';
  document.body.appendChild(area);
  try {
    area.select();
    area.setSelectionRange(0, text.length); // iOS ignores select()
    return typeof document.execCommand === 'function' && document.execCommand('copy');
  } catch {
    return false;
  } finally {
    document.body.removeChild(area);
    previous?.focus();
  }
}
