import { LedgerList } from '../../lib/ledger-list';
import { useLedgerPageQuery } from '../../lib/ledger-api';
import { useListState } from '../../lib/use-list-state';
import { UserPicker } from '../../lib/user-picker';
import { AdjustCreditsForm } from './adjust-credits-form';
import { CREDITS_LEDGER_LIST } from './licenses-lists';
import { LICENSES_TEXT as T } from './messages';

const TITLE_ID = 'admin-licenses-credits-title';

export type CreditsPanelProps = {
  /** The chosen user (null: none yet); the screen keeps it, as New Code mints for that user too. */
  userId: number | null;
  onUserChange: (userId: number | null) => void;
};

/** User credit management: find and pick a user, see their credits and ledger, adjust the credits. */
export function CreditsPanel({ userId, onUserChange }: CreditsPanelProps) {
  return (
    <section className="admin-panel" aria-labelledby={TITLE_ID}>
      <h2 id={TITLE_ID} className="admin-panel__title">
        {T.creditsTitle}
      </h2>
      <UserPicker
        label={T.userLabel}
        findLabel={T.findUser}
        placeholder={T.userPlaceholder}
        loadFailed={T.loadUsersFailed}
        value={userId}
        onChange={onUserChange}
      />
      {userId === null ? (
        <p className="admin-panel__hint">{T.chooseUserHint}</p>
      ) : (
        <UserCredits key={userId} userId={userId} />
      )}
    </section>
  );
}

function UserCredits({ userId }: { userId: number }) {
  const list = useListState(CREDITS_LEDGER_LIST);
  const credits = useLedgerPageQuery({ ...list.args, user_id: userId });
  return (
    <>
      {credits.data ? (
        <p className="admin-licenses__balance">
          {T.currentCredits}: <strong>{credits.data.balance}</strong>
        </p>
      ) : null}
      <AdjustCreditsForm userId={userId} />
      <LedgerList
        list={list}
        result={credits}
        caption={T.ledgerCaption}
        texts={{ loading: T.loadingCredits, loadFailed: T.loadCreditsFailed }}
      />
    </>
  );
}
