/** Sends a binding once; success says so and goes back, a refusal goes beside the field it is about. */
import { useState } from 'react';
import { isApiError, toast, useAppBack } from '@meridian/shared';
import { bindMethod } from '../api/methods-api';
import { bindRefusalField } from '../state/bind-rules';

export function useBind() {
  const back = useAppBack();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const send = async (form: Record<string, string | number>, labels: Record<string, string>) => {
    if (busy) return;
    setBusy(true);
    try {
      const { msg } = await bindMethod(form);
      toast(msg, 'success');
      back();
    } catch (err) {
      if (isApiError(err)) setErrors({ [bindRefusalField(err.code, err.msg, labels)]: err.msg });
    } finally {
      setBusy(false);
    }
  };
  return { busy, errors, setErrors, send };
}
