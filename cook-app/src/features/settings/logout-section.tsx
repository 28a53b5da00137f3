import { useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { accountIdOf, session as pageSession, signOut, type SignOutDeps } from '@pitclock/contracts';
import { removeAccountData } from '@pitclock/contracts/account-data';
import { Button, Modal } from '@pitclock/design-system';
import { releaseCookStore } from '../../store';
import { SETTINGS_TEXT as T } from './messages';

export type LogoutSectionProps = {
  /** How to sign out (default the contracts' signOut on the app's api and session). */
  signOutWith?: SignOutDeps;
  /**
   * How many changes exist only on this device (the sync engine tells); null while sync is not
   * available. This device's copy can be removed only when it is 0.
   */
  unsyncedChanges?: number | null;
  /** Removes an account's data from this device (default: its store, database and localStorage keys). */
  removeData?: (accountId: string) => Promise<void>;
};

/** Stops the account's store (so nothing writes its database again), then removes its data. */
export async function removeThisDevicesCopy(accountId: string): Promise<void> {
  await releaseCookStore(accountId);
  await removeAccountData(localStorage, accountId);
}

/** Why this device's copy cannot be removed yet, or null when it can. */
function removalBlockedBy(unsyncedChanges: number | null): string | null {
  if (unsyncedChanges === null) return T.removeDataNoSync;
  return unsyncedChanges === 0 ? null : T.removeDataUnsynced(unsyncedChanges);
}

/**
 * Log out, after a confirmation: the same sign-out as the shell's navigation (contracts' signOut: the
 * tokens leave local and session storage at once, the refresh token is revoked in the background),
 * then the welcome page, replacing /settings in the history. The confirmation says what stays on the
 * device and offers to remove this account's copy, once nothing exists only here; the removal runs
 * after the sign-out.
 */
export function LogoutSection({
  signOutWith,
  unsyncedChanges = null,
  removeData = removeThisDevicesCopy,
}: LogoutSectionProps) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [remove, setRemove] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const blockedBy = removalBlockedBy(unsyncedChanges);
  const removing = remove && blockedBy === null;

  const close = () => {
    setConfirming(false);
    setRemove(false);
  };
  const logout = () => {
    const accountId = accountIdOf((signOutWith?.session ?? pageSession).getToken());
    close();
    const signedOut = signOut(signOutWith);
    void navigate('/', { replace: true });
    if (removing && accountId !== null) {
      signedOut
        .then(() => removeData(accountId))
        .catch((failure: unknown) =>
          console.warn("PitClock: this account's data could not be removed from this device", failure),
        );
    }
  };
  return (
    <div className="pc-settings__row">
      <p className="pc-settings__text">{T.logoutText}</p>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        {T.logout}
      </Button>
      <Modal
        open={confirming}
        onClose={close}
        title={T.logoutTitle}
        description={T.logoutMessage}
        size="sm"
        role="alertdialog"
        hideCloseButton
        initialFocusRef={cancelRef}
        footer={
          <>
            <Button ref={cancelRef} variant="secondary" onClick={close}>
              {T.logoutCancel}
            </Button>
            <Button variant="danger" onClick={logout}>
              {T.logout}
            </Button>
          </>
        }
      >
        <div className="pc-settings__stack">
          <p className="pc-settings__text">{T.logoutStays}</p>
          <div className="pc-settings__check">
            <input
              id={`${id}-remove`}
              type="checkbox"
              checked={removing}
              disabled={blockedBy !== null}
              aria-describedby={blockedBy === null ? undefined : `${id}-blocked`}
              onChange={(event) => setRemove(event.target.checked)}
            />
            <label htmlFor={`${id}-remove`}>{T.removeData}</label>
          </div>
          {blockedBy === null ? null : (
            <p id={`${id}-blocked`} className="pc-settings__hint">
              {blockedBy}
            </p>
          )}
        </div>
      </Modal>
    </div>
  );
}
