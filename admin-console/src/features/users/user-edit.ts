import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { API_ERROR_CODES } from '@pitclock/contracts';
import { AUTH_MESSAGES, RegisterRequest } from '@pitclock/contracts/schemas';
import { asAdminError } from '../../lib/failure-banner';
import { useUpdateUserMutation } from './users-api';
import { USERS_TEXT as T } from './messages';
import type { UserRow } from './user-rows';

export type EditErrors = { name?: string; email?: string; form?: string };

/** SPEC.md section 5: display name and e-mail trimmed, with the signup rules (the server's, PATCH /users). */
export const UserDraft = RegisterRequest.pick({ display_name: true, email: true });
type UserDraftInput = z.input<typeof UserDraft>;
type UserDraftOutput = z.output<typeof UserDraft>;

/** The row's two cells, by the table's column. */
const FIELD_OF_COLUMN = { name: 'display_name', email: 'email' } as const;
export type EditColumn = keyof typeof FIELD_OF_COLUMN;

/** Where a refused save shows: e-mail taken and the field rules beside their field, the rest under the row. */
export function placeServerError(error: unknown): EditErrors {
  const { code, field, message } = asAdminError(error);
  if (code === API_ERROR_CODES.emailTaken) return { email: message || AUTH_MESSAGES.emailTaken };
  if (code === API_ERROR_CODES.validationFailed && field === 'email') return { email: message };
  if (code === API_ERROR_CODES.validationFailed && field === 'display_name') return { name: message };
  return { form: message && message !== T.updateFailed ? `${T.updateFailed}: ${message}` : T.updateFailed };
}

export const editButtonId = (userId: number) => `admin-user-edit-${userId}`;

/**
 * The one row being edited inline (display name and e-mail): its checks show from the first Save on and
 * follow every change; Save / Cancel.
 */
export function useUserEdit() {
  const [editing, setEditing] = useState<{ userId: number } | null>(null);
  const [formError, setFormError] = useState<string>();
  const [update, { isLoading: saving }] = useUpdateUserMutation();
  const { register, handleSubmit, reset, setError, clearErrors, getFieldState, formState } = useForm<
    UserDraftInput,
    unknown,
    UserDraftOutput
  >({ resolver: zodResolver(UserDraft) });
  const { errors } = formState;
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

  // A change clears what the server refused; the rules check the changed field again.
  const clearRefusals = () => {
    setFormError(undefined);
    for (const name of Object.values(FIELD_OF_COLUMN)) {
      if (getFieldState(name).error?.type === 'server') clearErrors(name);
    }
  };

  const refused = (error: unknown) => {
    const placed = placeServerError(error);
    if (placed.name) setError('display_name', { type: 'server', message: placed.name });
    if (placed.email) setError('email', { type: 'server', message: placed.email });
    setFormError(placed.form);
  };

  const send = async (userId: number, draft: UserDraftOutput) => {
    try {
      await update({ id: userId, ...draft }).unwrap();
      close();
    } catch (error) {
      refused(error);
    }
  };

  const save = async () => {
    if (editing === null || saving) return;
    await handleSubmit((draft) => send(editing.userId, draft))();
  };

  return {
    editing,
    saving,
    formError,
    /** TextField props of one cell of the edited row. */
    field: (column: EditColumn) => {
      const name = FIELD_OF_COLUMN[column];
      return { ...register(name, { onChange: clearRefusals }), error: errors[name]?.message };
    },
    start: (user: UserRow) => {
      reset({ display_name: user.name, email: user.email });
      setFormError(undefined);
      setEditing({ userId: user.id });
    },
    cancel: close,
    save,
  };
}

export type UserEdit = ReturnType<typeof useUserEdit>;
