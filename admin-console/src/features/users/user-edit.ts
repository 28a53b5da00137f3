import { useEffect, useRef, useState } from 'react';
import { API_ERROR_CODES } from '@pitclock/contracts';
import { AUTH_MESSAGES, EMAIL_PATTERN, LIMITS } from '@pitclock/contracts/schemas';
import { asAdminError } from '../../lib/failure-banner';
import { useUpdateUserMutation } from './users-api';
import { USERS_TEXT as T } from './messages';
import type { UserRow } from './user-rows';

export type EditErrors = { name?: string; email?: string; form?: string };

export type UserDraft = { name: string; email: string };

/** SPEC.md section 5: display name and e-mail trimmed, with the signup rules. */
export function checkUserDraft({ name, email }: UserDraft): EditErrors {
  const errors: EditErrors = {};
  const trimmedName = name.trim();
  const trimmedEmail = email.trim();
  if (trimmedName.length < LIMITS.nameMin) errors.name = T.nameTooShort;
  else if (trimmedName.length > LIMITS.nameMax) errors.name = T.nameTooLong;
  if (trimmedEmail.length > LIMITS.emailMax) errors.email = T.emailTooLong;
  else if (!EMAIL_PATTERN.test(trimmedEmail)) errors.email = T.emailInvalid;
  return errors;
}

/** Where a refused save shows: e-mail taken and the field rules beside their field, the rest under the row. */
export function placeServerError(error: unknown): EditErrors {
  const { code, field, message } = asAdminError(error);
  if (code === API_ERROR_CODES.emailTaken) return { email: message || AUTH_MESSAGES.emailTaken };
  if (code === API_ERROR_CODES.validationFailed && field === 'email') return { email: message };
  if (code === API_ERROR_CODES.validationFailed && field === 'display_name') return { name: message };
  return { form: message && message !== T.updateFailed ? `${T.updateFailed}: ${message}` : T.updateFailed };
}

type Editing = UserDraft & { userId: number; errors: EditErrors; checked: boolean };

export const editButtonId = (userId: number) => `admin-user-edit-${userId}`;

/** The one row being edited inline (display name and e-mail), its checks, and Save / Cancel. */
export function useUserEdit() {
  const [editing, setEditing] = useState<Editing | null>(null);
  const [update, { isLoading: saving }] = useUpdateUserMutation();
  const refocus = useRef<number | null>(null);

  // After the edit closes, the row's Edit button gets the focus back.
  useEffect(() => {
    if (editing !== null || refocus.current === null) return;
    document.getElementById(editButtonId(refocus.current))?.focus();
    refocus.current = null;
  }, [editing]);

  const close = () => {
    refocus.current = editing?.userId ?? null;
    setEditing(null);
  };

  const change = (patch: Partial<UserDraft>) =>
    setEditing((current) => {
      if (current === null) return current;
      const next = { ...current, ...patch };
      return { ...next, errors: next.checked ? checkUserDraft(next) : {} };
    });

  const save = async () => {
    if (editing === null || saving) return;
    const errors = checkUserDraft(editing);
    if (errors.name || errors.email) {
      setEditing({ ...editing, errors, checked: true });
      return;
    }
    try {
      await update({
        id: editing.userId,
        display_name: editing.name.trim(),
        email: editing.email.trim(),
      }).unwrap();
      close();
    } catch (error) {
      setEditing((current) => (current === null ? current : { ...current, errors: placeServerError(error) }));
    }
  };

  return {
    editing,
    saving,
    start: (user: UserRow) =>
      setEditing({ userId: user.id, name: user.name, email: user.email, errors: {}, checked: false }),
    cancel: close,
    change,
    save,
  };
}

export type UserEdit = ReturnType<typeof useUserEdit>;
