import { asAdminError } from '../../lib/failure-banner';

/** What a row says after an action: an error (role alert) or a success (role status). */
export type RowNotice = { tone: 'error' | 'success'; text: string };

/** 'Failed to delete: You cannot delete your own account.' (the title alone when the server says nothing). */
export function failureNotice(title: string, error: unknown): RowNotice {
  const { message } = asAdminError(error);
  return { tone: 'error', text: message && message !== title ? `${title}: ${message}` : title };
}

export function RowNoticeText({ notice }: { notice: RowNotice | undefined }) {
  if (!notice) return null;
  return notice.tone === 'error' ? (
    <p role="alert" className="admin-users__notice admin-users__notice--error">
      {notice.text}
    </p>
  ) : (
    <p role="status" className="admin-users__notice admin-users__notice--success">
      {notice.text}
    </p>
  );
}
