import { useIdParam } from '../../lib/use-list-state';
import { USER_PICKER_TEXT } from '../../lib/user-picker';
import { useUsersByIds, userLabel } from '../../lib/users-api';
import { ActivationCodePanel } from './activation-code-panel';
import { ApiBaseFooter } from './api-base-footer';
import { CreditsPanel } from './credits-panel';
import { DevicesPanel } from './devices-panel';
import { CREDITS_USER_DEPENDENTS, CREDITS_USER_KEY } from './licenses-lists';
import { ManualActivationPanel } from './manual-activation-panel';
import { LICENSES_TEXT as T } from './messages';
import '../../lib/admin-screen.css';
import './licenses.css';

export type LicensesScreenProps = {
  /** Where the Copy buttons put text (default the browser's clipboard). */
  writeText?: (text: string) => Promise<void>;
};

/** The chosen user as New Code names them: 'e-mail — name' once looked up. */
function useCodeUser(userId: number | null): { id: number; label: string } | null {
  const lookup = useUsersByIds(userId === null ? [] : [userId]);
  if (userId === null) return null;
  const user = lookup.byId?.get(userId);
  if (user) return { id: userId, label: userLabel(user) };
  return { id: userId, label: lookup.byId ? USER_PICKER_TEXT.unknown(userId) : T.userById(userId) };
}

/**
 * /admin/licenses (SPEC.md section 2): user credits with their ledger, a new activation code (for the
 * chosen user), manual device activation, the registered devices with their owners, and the API base in
 * the footer. The chosen user and both lists' search, sort, page and filters are in the URL.
 */
export function LicensesScreen({ writeText }: LicensesScreenProps) {
  const [userId, setUserId] = useIdParam(CREDITS_USER_KEY, CREDITS_USER_DEPENDENTS);
  const codeUser = useCodeUser(userId);
  return (
    // A plain block, not a region: the shell's <main> holds it, and a region named by the title would
    // share its name with the screen's table (axe landmark-unique).
    <div className="admin-screen admin-licenses">
      <header className="admin-screen__header">
        <h1 className="admin-screen__title">{T.title}</h1>
      </header>
      <CreditsPanel userId={userId} onUserChange={setUserId} />
      <div className="admin-licenses__pair">
        <ActivationCodePanel key={userId ?? 'own'} user={codeUser} writeText={writeText} />
        <ManualActivationPanel writeText={writeText} />
      </div>
      <DevicesPanel />
      <ApiBaseFooter />
    </div>
  );
}
