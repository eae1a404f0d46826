/**
 * /ops/staff (admin): the ops accounts, their roles and state; create an account, change roles, disable or enable,
 * and reset the authenticator or the password. New secrets are shown once, with the authenticator as a QR code.
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { confirm, CopyButton, Dialog, QrCode, toast, useAtomValue } from '@meridian/shared';
import {
  formatOpsTime,
  OpsBadge,
  OpsButton,
  OpsButtons,
  OpsDialogForm,
  OpsField,
  OpsFormError,
  OpsHead,
  OpsInput,
  OpsPage,
  opsSessionAtom,
  OpsState,
  OpsTable,
  OpsTableWrap,
  useOpsLoad,
} from '@meridian/shared/ops';
import { OPS_ROLES } from '@meridian/shared/pure';
import type { OpsAccountView, OpsRole, OpsSecrets } from '@meridian/shared/pure';
import {
  createStaff,
  fetchStaff,
  resetStaffPassword,
  resetStaffTotp,
  setStaffEnabled,
  setStaffRoles,
} from '../api/staff-api';
import type { StaffChange } from '../api/staff-api';

type Editing = { kind: 'create' } | { kind: 'roles'; account: OpsAccountView } | null;

export default function OpsStaffPage() {
  const { t, i18n } = useTranslation('ops');
  const me = useAtomValue(opsSessionAtom).me;
  const state = useOpsLoad(fetchStaff, 'staff');
  const [editing, setEditing] = useState<Editing>(null);
  const [secrets, setSecrets] = useState<OpsSecrets | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (change: () => Promise<StaffChange>, confirmText?: string) => {
    if (confirmText && !(await confirm({ message: confirmText, confirmText: t('staff.yes') }))) return;
    setBusy(true);
    try {
      const { data, msg } = await change();
      // New secrets open their own dialog, which says the same (a toast would cover its title).
      if (data && 'account' in data && (data.password || data.otpauth_uri)) setSecrets(data);
      else toast(msg, 'success');
      setEditing(null);
    } catch {
      // The client showed the server's reason.
    } finally {
      setBusy(false);
      state.reload();
    }
  };

  return (
    <OpsPage
      title={t('staff.title')}
      subtitle={t('staff.subtitle')}
      testId="page-ops-staff"
      actions={
        <OpsButton
          type="button"
          $variant="primary"
          onClick={() => setEditing({ kind: 'create' })}
          data-testid="ops-staff-new"
        >
          {t('staff.new')}
        </OpsButton>
      }
    >
      <OpsState state={state}>
        {(accounts) => (
          <OpsTableWrap>
            <OpsTable>
              <OpsHead
                labels={[
                  t('staff.email'),
                  t('staff.roles'),
                  t('staff.state'),
                  t('staff.totpColumn'),
                  t('staff.lastSignIn'),
                  t('staff.actions'),
                ]}
              />
              <tbody>
                {accounts.map((a) => (
                  <tr key={a.id} data-testid={`ops-staff-${a.email}`}>
                    <td>
                      {a.email}
                      {a.id === me?.id ? <Muted> · {t('staff.you')}</Muted> : null}
                    </td>
                    <td>
                      <Roles>
                        {a.roles.map((r) => (
                          <OpsBadge key={r} $tone={r === 'admin' ? 'info' : 'muted'}>
                            {t(`role.${r}`)}
                          </OpsBadge>
                        ))}
                      </Roles>
                    </td>
                    <td>
                      {a.disabled ? (
                        <OpsBadge $tone="bad">{t('staff.disabled')}</OpsBadge>
                      ) : (
                        <OpsBadge $tone="ok">{t('staff.active')}</OpsBadge>
                      )}
                    </td>
                    <td data-testid="ops-staff-totp">
                      {a.totp_enrolled ? (
                        <OpsBadge $tone="ok">{t('staff.totpSet')}</OpsBadge>
                      ) : (
                        <OpsBadge $tone="warn">{t('staff.noTotp')}</OpsBadge>
                      )}
                    </td>
                    <td>{formatOpsTime(a.last_sign_in_at, i18n.language)}</td>
                    <td>
                      <Actions>
                        <OpsButton
                          type="button"
                          disabled={busy}
                          onClick={() => setEditing({ kind: 'roles', account: a })}
                        >
                          {t('staff.editRoles')}
                        </OpsButton>
                        <OpsButton
                          type="button"
                          disabled={busy || a.id === me?.id}
                          $variant={a.disabled ? 'secondary' : 'danger'}
                          onClick={() =>
                            void run(
                              () => setStaffEnabled(a.id, a.disabled),
                              t(a.disabled ? 'staff.confirmEnable' : 'staff.confirmDisable', {
                                email: a.email,
                              }),
                            )
                          }
                        >
                          {t(a.disabled ? 'staff.enable' : 'staff.disable')}
                        </OpsButton>
                        <OpsButton
                          type="button"
                          disabled={busy}
                          onClick={() =>
                            void run(() => resetStaffTotp(a.id), t('staff.confirmTotp', { email: a.email }))
                          }
                        >
                          {t('staff.resetTotp')}
                        </OpsButton>
                        <OpsButton
                          type="button"
                          disabled={busy}
                          onClick={() =>
                            void run(
                              () => resetStaffPassword(a.id),
                              t('staff.confirmPassword', { email: a.email }),
                            )
                          }
                        >
                          {t('staff.resetPassword')}
                        </OpsButton>
                      </Actions>
                    </td>
                  </tr>
                ))}
              </tbody>
            </OpsTable>
          </OpsTableWrap>
        )}
      </OpsState>
      {editing && (
        <RolesDialog
          editing={editing}
          busy={busy}
          onClose={() => setEditing(null)}
          onSave={(email, roles) =>
            void (editing.kind === 'create'
              ? run(() => createStaff(email, roles))
              : run(() => setStaffRoles(editing.account.id, roles)))
          }
        />
      )}
      {secrets && <SecretsDialog secrets={secrets} onClose={() => setSecrets(null)} />}
    </OpsPage>
  );
}

function RolesDialog({
  editing,
  busy,
  onClose,
  onSave,
}: {
  editing: NonNullable<Editing>;
  busy: boolean;
  onClose: () => void;
  onSave: (email: string, roles: OpsRole[]) => void;
}) {
  const { t } = useTranslation('ops');
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<OpsRole[]>(
    editing.kind === 'roles' ? editing.account.roles : ['support'],
  );
  const [error, setError] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (editing.kind === 'create' && !/^\S+@\S+\.\S+$/.test(email.trim()))
      return setError(t('staff.badEmail'));
    if (roles.length === 0) return setError(t('staff.pickRole'));
    onSave(email.trim(), roles);
    return undefined;
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={
        editing.kind === 'create' ? t('staff.new') : t('staff.rolesOf', { email: editing.account.email })
      }
    >
      <RolesForm onSubmit={submit} noValidate>
        {editing.kind === 'create' && (
          <OpsField label={t('staff.email')}>
            <OpsInput
              type="email"
              dir="ltr"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              autoFocus
              data-testid="ops-staff-email"
            />
          </OpsField>
        )}
        <fieldset>
          <legend>{t('staff.roles')}</legend>
          {OPS_ROLES.map((r) => (
            <label key={r}>
              <input
                type="checkbox"
                checked={roles.includes(r)}
                onChange={(e) =>
                  setRoles((prev) => (e.target.checked ? [...prev, r] : prev.filter((x) => x !== r)))
                }
              />
              <span>
                <b>{t(`role.${r}`)}</b> — {t(`roleHelp.${r}`)}
              </span>
            </label>
          ))}
        </fieldset>
        {error && <OpsFormError role="alert">{error}</OpsFormError>}
        <OpsButtons>
          <OpsButton type="button" onClick={onClose}>
            {t('cancel')}
          </OpsButton>
          <OpsButton type="submit" $variant="primary" disabled={busy} data-testid="ops-staff-save">
            {t('save')}
          </OpsButton>
        </OpsButtons>
      </RolesForm>
    </Dialog>
  );
}

function SecretsDialog({ secrets, onClose }: { secrets: OpsSecrets; onClose: () => void }) {
  const { t } = useTranslation('ops');
  return (
    <Dialog open onClose={onClose} title={t('staff.secretsTitle', { email: secrets.account.email })}>
      <Secrets data-testid="ops-staff-secrets">
        <p>{t('staff.secretsOnce')}</p>
        {secrets.password && (
          <div>
            <span>{t('staff.password')}</span>
            <code data-testid="ops-staff-password">{secrets.password}</code>
            <CopyButton text={secrets.password} />
          </div>
        )}
        {secrets.otpauth_uri && (
          <div>
            <span>{t('staff.authenticator')}</span>
            <QrCode value={secrets.otpauth_uri} size={176} alt={t('staff.qrAlt')} />
            <code data-testid="ops-staff-otpauth">{secrets.otpauth_uri}</code>
            <CopyButton text={secrets.otpauth_uri} />
          </div>
        )}
        <OpsButton type="button" $variant="primary" onClick={onClose}>
          {t('staff.done')}
        </OpsButton>
      </Secrets>
    </Dialog>
  );
}

const Muted = styled.span`
  color: ${({ theme }) => theme.color.textMuted};
`;

const Roles = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  min-width: 300px;
  white-space: normal;
`;

const Secrets = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  text-align: start;
  p {
    margin: 0;
    color: ${({ theme }) => theme.color.warning};
  }
  div {
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    gap: ${({ theme }) => theme.space(2)};
  }
  code {
    font-size: 12px;
    overflow-wrap: anywhere;
    color: ${({ theme }) => theme.color.text};
    user-select: all;
  }
`;

const RolesForm = styled(OpsDialogForm)`
  fieldset {
    border: 0;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space(2)};
  }
  legend {
    font-size: 13px;
    margin-bottom: ${({ theme }) => theme.space(1)};
  }
  fieldset label {
    display: flex;
    gap: ${({ theme }) => theme.space(2)};
    align-items: flex-start;
    font-size: 14px;
    color: ${({ theme }) => theme.color.text};
  }
  input[type='checkbox'] {
    width: 18px;
    height: 18px;
    margin-top: 1px;
  }
`;
