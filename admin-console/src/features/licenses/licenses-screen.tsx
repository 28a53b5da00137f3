import { useState } from 'react';
import { useAdminUsersQuery, userLabel } from '../../lib/users-api';
import { ActivationCodePanel } from './activation-code-panel';
import { ApiBaseFooter } from './api-base-footer';
import { CreditsPanel } from './credits-panel';
import { DevicesPanel } from './devices-panel';
import { ManualActivationPanel } from './manual-activation-panel';
import { LICENSES_TEXT as T } from './messages';
import '../../lib/admin-screen.css';
import './licenses.css';

export type LicensesScreenProps = {
  /** Where the Copy buttons put text (default the browser's clipboard). */
  writeText?: (text: string) => Promise<void>;
};

/**
 * /admin/licenses (SPEC.md section 2): user credits with the recent ledger, a new activation code,
 * manual device activation, the registered devices, and the API base in the footer.
 */
export function LicensesScreen({ writeText }: LicensesScreenProps) {
  const [userId, setUserId] = useState<number | null>(null);
  const users = useAdminUsersQuery();
  const chosen = users.data?.find((candidate) => candidate.id === userId);
  const codeUser = chosen === undefined ? null : { id: chosen.id, label: userLabel(chosen) };
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
