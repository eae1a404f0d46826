/**
 * The ops accounts (admin): list, create, roles, disable or enable, reset the authenticator or the password. The
 * changes are not silent (the client shows a refusal); create and the resets answer the new secrets, shown once.
 */
import type { WithMessage } from '@meridian/shared';
import { opsApi } from '@meridian/shared/ops';
import type { OpsAccountView, OpsRole, OpsSecrets } from '@meridian/shared/pure';

export type StaffChange = WithMessage<OpsSecrets | OpsAccountView>;

export function fetchStaff(): Promise<OpsAccountView[]> {
  return opsApi.get('/api/ops/staff', undefined, { silent: true });
}

export function createStaff(email: string, roles: readonly OpsRole[]): Promise<StaffChange> {
  return opsApi.postWithMessage('/api/ops/staff/create', { email, roles: roles.join(',') });
}

export function setStaffRoles(id: number, roles: readonly OpsRole[]): Promise<StaffChange> {
  return opsApi.postWithMessage('/api/ops/staff/roles', { id, roles: roles.join(',') });
}

/** Disable a working account, or enable a disabled one. */
export function setStaffEnabled(id: number, enabled: boolean): Promise<StaffChange> {
  return enabled
    ? opsApi.postWithMessage('/api/ops/staff/enable', { id })
    : opsApi.postWithMessage('/api/ops/staff/disable', { id });
}

export function resetStaffTotp(id: number): Promise<StaffChange> {
  return opsApi.postWithMessage('/api/ops/staff/reset_totp', { id });
}

export function resetStaffPassword(id: number): Promise<StaffChange> {
  return opsApi.postWithMessage('/api/ops/staff/reset_password', { id });
}
