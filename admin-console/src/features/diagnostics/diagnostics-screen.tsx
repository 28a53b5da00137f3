import { Banner, Button, EmptyState, Spinner } from '@pitclock/design-system';
import { DiagnosticsReport } from './diagnostics-report';
import { DIAGNOSTICS_TEXT as T } from './messages';
import { OFFLINE_DB, readOfflineState, signedInDatabase } from './offline-db';
import { useOfflineDiagnostics } from './use-offline-diagnostics';
import '../../lib/admin-screen.css';
import './diagnostics.css';

/**
 * /admin/diagnostics (SPEC.md sections 2 and 3): the offline database of THIS device and the signed-in
 * account (each account has its own), read straight from
 * IndexedDB without changing it: version, migrated and seeded flags, records per table, sanctioning-body
 * names, duplicates in red, the error text when reading fails, Refresh, and 'No data' when nothing is stored.
 */
export function DiagnosticsScreen() {
  const { report, error, busy, refresh } = useOfflineDiagnostics(readOfflineState);

  return (
    // A plain block, not a region: the shell's <main> holds it, and a region named by the title would
    // share its name with the screen's table (axe landmark-unique).
    <div className="admin-screen admin-diagnostics">
      <header className="admin-screen__header">
        <h1 className="admin-screen__title">{T.title}</h1>
        <Button variant="secondary" loading={busy} onClick={() => void refresh()}>
          {T.refresh}
        </Button>
      </header>
      <p className="admin-muted admin-diagnostics__intro">{T.intro}</p>

      {error ? (
        <Banner tone="red" title={error.onRefresh ? T.refreshFailed : T.loadFailed}>
          {error.text}
        </Banner>
      ) : null}

      {report === undefined ? (
        busy ? (
          <Spinner label={T.loading} />
        ) : null
      ) : report === null ? (
        <EmptyState title={T.noData} text={T.noDataText} />
      ) : (
        <DiagnosticsReport report={report} databaseName={signedInDatabase() ?? OFFLINE_DB.name} />
      )}
    </div>
  );
}
