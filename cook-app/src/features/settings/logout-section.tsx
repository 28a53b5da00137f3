import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { signOut, type SignOutDeps } from '@pitclock/contracts';
import { Button, ConfirmDialog } from '@pitclock/design-system';
import { SETTINGS_TEXT as T } from './messages';

export type LogoutSectionProps = {
  /** How to sign out (default the contracts' signOut on the app's api and session). */
  signOutWith?: SignOutDeps;
};

/**
 * Log out, after a confirmation: the same sign-out as the shell's navigation (contracts' signOut: the
 * tokens leave local and session storage at once, the refresh token is revoked in the background),
 * then the welcome page, replacing /settings in the history.
 */
export function LogoutSection({ signOutWith }: LogoutSectionProps) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const logout = () => {
    setConfirming(false);
    void signOut(signOutWith);
    void navigate('/', { replace: true });
  };
  return (
    <div className="pc-settings__row">
      <p className="pc-settings__text">{T.logoutText}</p>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        {T.logout}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={T.logoutTitle}
        message={T.logoutMessage}
        confirmLabel={T.logout}
        cancelLabel={T.logoutCancel}
        destructive
        onConfirm={logout}
        onCancel={() => setConfirming(false)}
      />
    </div>
  );
}
