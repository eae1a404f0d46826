/** Our receiving addresses and bank pay ways: the list (disable after a confirmation, enable) and the add form. */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm, isApiError, toast } from '@meridian/shared';
import {
  OpsBadge,
  OpsButton,
  OpsCard,
  OpsField,
  OpsFormError,
  OpsHead,
  OpsInput,
  OpsSelect,
  OpsState,
  OpsTable,
  OpsTableWrap,
  OpsToolbar,
  useOpsLoad,
} from '@meridian/shared/ops';
import type { OpsPayChannel } from '@meridian/shared/pure';
import { Mono } from '../../../components/ui';
import { OPS_NS } from '../../../lib/ops-ns';
import { createChannel, enableChannel, fetchChannels } from '../api/cashier-api';
import { channelSummary } from '../state/cashier-rules';

export function ChannelsCard() {
  const { t } = useTranslation(OPS_NS);
  const [version, setVersion] = useState(0);
  const list = useOpsLoad(fetchChannels, String(version));
  const [type, setType] = useState('0');
  const [form, setForm] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const set = (k: string) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [k]: e.target.value }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const { label, details } = channelSummary(type, form);
    if (
      !(await confirm({
        title: t('cashier.addTitle'),
        message: t('cashier.addText', { label, details }),
        confirmText: t('cashier.add'),
      }))
    )
      return;
    setBusy(true);
    try {
      const { msg } = await createChannel({ type, ...form });
      toast(msg, 'success');
      setForm({});
      setError('');
      setVersion((v) => v + 1);
    } catch (err) {
      setError(isApiError(err) ? err.msg : String(err));
    } finally {
      setBusy(false);
    }
  };
  const toggle = async (c: OpsPayChannel, enabled: boolean) => {
    if (
      !enabled &&
      !(await confirm({
        title: t('cashier.disableTitle'),
        message: t('cashier.disableText', { label: c.label }),
        confirmText: t('cashier.disable'),
      }))
    )
      return;
    try {
      toast((await enableChannel(c.id, enabled)).msg, 'success');
    } finally {
      setVersion((v) => v + 1);
    }
  };
  const coin = type === '0';
  return (
    <OpsCard data-testid="ops-channels">
      <h2>{t('cashier.channels')}</h2>
      <OpsState state={list} rows={3}>
        {(rows) => (
          <OpsTableWrap>
            <OpsTable aria-label={t('cashier.channels')}>
              <OpsHead
                labels={[t('cashier.kind'), t('cashier.currency'), t('cashier.details'), t('status'), '']}
              />
              <tbody>
                {rows.map((c) => (
                  <tr key={c.id} data-testid="ops-channel-row">
                    <td>{c.type === 0 ? t('cashier.address') : t('cashier.payWay')}</td>
                    <td>
                      {c.currency_code}
                      {c.protocol_code ? ` · ${c.protocol_code}` : ''}
                    </td>
                    <td className="clip">
                      <strong data-testid="ops-channel-label">{c.label}</strong>
                      <br />
                      {c.type === 0 ? (
                        <Mono>{c.address}</Mono>
                      ) : (
                        <>
                          {c.name} · {c.bank_name} · <Mono>{c.payee_account}</Mono> ·{' '}
                          <Mono>{c.bank_swift}</Mono>
                        </>
                      )}
                    </td>
                    <td>
                      <OpsBadge $tone={c.enabled ? 'ok' : 'muted'}>
                        {c.enabled ? t('cashier.enabled') : t('cashier.disabled')}
                      </OpsBadge>
                    </td>
                    <td>
                      <OpsButton
                        type="button"
                        $variant="ghost"
                        onClick={() => void toggle(c, !c.enabled)}
                        data-testid="ops-channel-toggle"
                      >
                        {c.enabled ? t('cashier.disable') : t('cashier.enable')}
                      </OpsButton>
                    </td>
                  </tr>
                ))}
              </tbody>
            </OpsTable>
          </OpsTableWrap>
        )}
      </OpsState>
      <h3>{t('cashier.addChannel')}</h3>
      <OpsToolbar onSubmit={(e) => void submit(e)} noValidate>
        <OpsField label={t('cashier.kind')}>
          <OpsSelect value={type} onChange={(e) => setType(e.target.value)} data-testid="ops-channel-type">
            <option value="0">{t('cashier.address')}</option>
            <option value="1">{t('cashier.payWay')}</option>
          </OpsSelect>
        </OpsField>
        <OpsField label={t('cashier.currency')}>
          <OpsInput value={form.currency_code ?? ''} onChange={set('currency_code')} placeholder="USDT" />
        </OpsField>
        {coin ? (
          <>
            <OpsField label={t('cashier.network')}>
              <OpsInput
                value={form.protocol_code ?? ''}
                onChange={set('protocol_code')}
                placeholder="TRC20"
              />
            </OpsField>
            <OpsField label={t('cashier.address')}>
              <OpsInput value={form.address ?? ''} onChange={set('address')} dir="ltr" />
            </OpsField>
            <OpsField label={t('cashier.label')}>
              <OpsInput
                value={form.name ?? ''}
                onChange={set('name')}
                data-testid="ops-channel-label-input"
              />
            </OpsField>
          </>
        ) : (
          (['name', 'bank_name', 'payee_name', 'payee_account', 'bank_swift'] as const).map((k) => (
            <OpsField key={k} label={t(`cashier.${k}`)}>
              <OpsInput value={form[k] ?? ''} onChange={set(k)} />
            </OpsField>
          ))
        )}
        <OpsButton type="submit" $variant="primary" disabled={busy} data-testid="ops-channel-add">
          {t('cashier.add')}
        </OpsButton>
      </OpsToolbar>
      {error && <OpsFormError role="alert">{error}</OpsFormError>}
    </OpsCard>
  );
}
