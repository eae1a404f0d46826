/** Bind a coin address: the network and the address; it can receive withdrawals after a cooling period. */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError, SkeletonRows, useLoad } from '@meridian/shared';
import { Field, Form, PrimaryButton, SelectField } from '@meridian/shared/forms';
import { Muted } from '../../../components/ui';
import { symbolLabel } from '../../../lib/format';
import { NS } from '../../../lib/ns';
import { fetchBindSymbols } from '../api/methods-api';
import { useBind } from '../hooks/use-bind';
import { coinBinding, validateCoinBinding } from '../state/bind-rules';

export function CoinBindForm() {
  const { t } = useTranslation(NS);
  const symbols = useLoad(fetchBindSymbols);
  const [drawId, setDrawId] = useState('');
  const [address, setAddress] = useState('');
  const bind = useBind();
  if (symbols.status === 'loading') return <SkeletonRows rows={2} />;
  if (symbols.status === 'error') return <LoadError onRetry={symbols.reload} />;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validateCoinBinding(drawId, address);
    bind.setErrors(Object.fromEntries(Object.entries(found).map(([k, key]) => [k, t(key)])));
    if (Object.keys(found).length) return;
    void bind.send(coinBinding(drawId, address), { dc_address: t('withdrawWay.address') });
  };
  return (
    <Form noValidate onSubmit={submit} aria-label={t('withdrawWay.coinTitle')}>
      <SelectField
        label={t('withdrawWay.network')}
        value={drawId}
        onChange={setDrawId}
        placeholder={t('charge.chooseNetwork')}
        options={symbols.data.map((s) => ({ value: String(s.id), label: symbolLabel(s) }))}
        error={bind.errors.draw_id}
        testId="bind-network"
      />
      <Field
        label={t('withdrawWay.address')}
        value={address}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        dir="ltr"
        onChange={(e) => setAddress(e.target.value)}
        placeholder={t('withdrawWay.enterAddress')}
        error={bind.errors.dc_address}
        testId="bind-address"
      />
      <Muted>{t('withdrawWay.coolingNote')}</Muted>
      <PrimaryButton type="submit" disabled={bind.busy} data-testid="bind-submit">
        {t('withdrawWay.submit')}
      </PrimaryButton>
    </Form>
  );
}
