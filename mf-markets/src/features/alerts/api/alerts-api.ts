/** The price alert calls (docs/calls.md "Price alerts"): the trader's list, save (new or edit) and delete. */
import { api } from '@meridian/shared';
import type { AlertList, AlertSaveParams, AlertView } from '@meridian/shared/pure';

export type { AlertView };

/** The trader's alerts, newest first, and the most they may keep. */
export function fetchAlerts(): Promise<AlertList> {
  return api.get('/api/alert/list').then((r) => r ?? { data: [], max: 50 });
}

/** Save one alert (with `id`: replace the trader's alert and arm it again); answers it as saved with the server's words. */
export function saveAlert(params: AlertSaveParams): Promise<{ data: AlertView; msg: string }> {
  return api.postWithMessage('/api/alert/save', params, { form: true });
}

/** Delete one of the trader's alerts. */
export function deleteAlert(id: number): Promise<{ id: number }> {
  return api.post('/api/alert/delete', { id }, { form: true });
}
