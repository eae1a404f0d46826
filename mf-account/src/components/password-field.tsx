/** A password field with a show/hide toggle (people type on phones; seeing the password avoids retyping). */
import { forwardRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NS } from '../lib/ns';
import { Field, InlineButton } from './form';
import type { FieldProps } from './form';

export const PasswordField = forwardRef<HTMLInputElement, Omit<FieldProps, 'type' | 'trailing'>>(
  function PasswordField(props, ref) {
    const { t } = useTranslation(NS);
    const [visible, setVisible] = useState(false);
    return (
      <Field
        ref={ref}
        {...props}
        type={visible ? 'text' : 'password'}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        trailing={
          <InlineButton
            type="button"
            aria-pressed={visible}
            aria-label={visible ? t('form.hidePassword') : t('form.showPassword')}
            onClick={() => setVisible((v) => !v)}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path
                d="M2 12s3.6-6 10-6 10 6 10 6-3.6 6-10 6S2 12 2 12z"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
              />
              <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
              {!visible && <path d="M4 20L20 4" stroke="currentColor" strokeWidth="1.8" />}
            </svg>
          </InlineButton>
        }
      />
    );
  },
);
