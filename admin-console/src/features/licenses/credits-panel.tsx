import { Select, Spinner } from '@pitclock/design-system';
import { FailureBanner } from '../../lib/failure-banner';
import { LedgerTable } from '../../lib/ledger-table';
import { useAdminUsersQuery, userLabel } from '../../lib/users-api';
import { AdjustCreditsForm } from './adjust-credits-form';
import { useUserCreditsQuery } from './licenses-api';
import { LICENSES_TEXT as T } from './messages';

const TITLE_ID = 'admin-licenses-credits-title';

export type CreditsPanelProps = {
  /** The chosen user (null: none yet); the screen keeps it, as New Code mints for that user too. */
  userId: number | null;
  onUserChange: (userId: number | null) => void;
};

/** User credit management: pick a user, see their credits and recent ledger, adjust the credits. */
export function CreditsPanel({ userId, onUserChange }: CreditsPanelProps) {
  const users = useAdminUsersQuery();
  const options = (users.data ?? []).map((user) => ({ value: String(user.id), label: userLabel(user) }));

  return (
    <section className="admin-panel" aria-labelledby={TITLE_ID}>
      <h2 id={TITLE_ID} className="admin-panel__title">
        {T.creditsTitle}
      </h2>
      {users.isError ? <FailureBanner title={T.loadUsersFailed} error={users.error} /> : null}
      {users.isLoading ? (
        <Spinner label={T.loadingUsers} />
      ) : users.data ? (
        <Select
          label={T.userLabel}
          placeholder={T.userPlaceholder}
          options={options}
          value={userId === null ? '' : String(userId)}
          onChange={(event) => onUserChange(event.target.value === '' ? null : Number(event.target.value))}
          wrapperClassName="admin-licenses__user"
        />
      ) : null}
      {userId === null ? (
        <p className="admin-panel__hint">{T.chooseUserHint}</p>
      ) : (
        <UserCredits key={userId} userId={userId} />
      )}
    </section>
  );
}

function UserCredits({ userId }: { userId: number }) {
  const credits = useUserCreditsQuery(userId);
  if (credits.isLoading) return <Spinner label={T.loadingCredits} />;
  return (
    <>
      {credits.isError ? <FailureBanner title={T.loadCreditsFailed} error={credits.error} /> : null}
      {credits.data ? (
        <p className="admin-licenses__balance">
          {T.currentCredits}: <strong>{credits.data.balance}</strong>
        </p>
      ) : null}
      <AdjustCreditsForm userId={userId} />
      {credits.data ? <LedgerTable entries={credits.data.ledger} caption={T.ledgerCaption} /> : null}
    </>
  );
}
