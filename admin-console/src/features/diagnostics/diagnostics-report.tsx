import { Badge, Table, type TableColumn } from '@pitclock/design-system';
import { formatLocalDateTime } from '../../lib/format-time';
import { DIAGNOSTICS_TEXT as T } from './messages';
import { OFFLINE_DB, OFFLINE_STORES, type OfflineStore } from './offline-db';
import type { OfflineDiagnostics } from './offline-diagnostics';

const yesNo = (flag: boolean) => (flag ? T.yes : T.no);

/** Version, migrated and seeded flags of the stored state. */
function Summary({ report, databaseName }: { report: OfflineDiagnostics; databaseName: string }) {
  const migratedAt = formatLocalDateTime(report.migratedAt);
  const seededAt = formatLocalDateTime(report.seededAt);
  return (
    <section className="admin-panel" aria-labelledby="admin-diagnostics-db">
      <h2 id="admin-diagnostics-db" className="admin-panel__title">
        {T.databaseTitle}
      </h2>
      <dl className="admin-diagnostics__facts">
        <dt>{T.database}</dt>
        <dd>{databaseName}</dd>
        <dt>{T.version}</dt>
        <dd className={report.migrated ? undefined : 'admin-diagnostics__bad'}>
          {T.versionOf(report.dbVersion, OFFLINE_DB.version)}
        </dd>
        <dt>{T.migrated}</dt>
        <dd className={report.migrated ? undefined : 'admin-diagnostics__bad'}>
          {yesNo(report.migrated)}
          {report.migratedFrom !== null ? ` (${T.migratedFrom(report.migratedFrom, migratedAt)})` : null}
        </dd>
        <dt>{T.seeded}</dt>
        <dd className={report.seeded ? undefined : 'admin-diagnostics__bad'}>
          {yesNo(report.seeded)}
          {seededAt ? ` (${T.seededOn(seededAt)})` : null}
        </dd>
      </dl>
    </section>
  );
}

type CountRow = { store: OfflineStore; count: number };
const countColumns: TableColumn<CountRow>[] = [
  {
    id: 'table',
    header: T.columns.table,
    rowHeader: true,
    cell: ({ store }) => (
      <>
        {T.stores[store]} <code className="admin-muted">{store}</code>
      </>
    ),
  },
  { id: 'records', header: T.columns.records, align: 'end', cell: ({ count }) => count },
];

function Counts({ report }: { report: OfflineDiagnostics }) {
  const rows = OFFLINE_STORES.map((store) => ({ store, count: report.counts[store] }));
  return (
    // Not labelled: the table's region has the same name (axe landmark-unique).
    <section className="admin-panel">
      <h2 className="admin-panel__title">{T.countsTitle}</h2>
      <Table
        columns={countColumns}
        rows={rows}
        getRowKey={(row) => row.store}
        caption={T.countsCaption}
        hideCaption
        dense
        stackBelow="md"
      />
    </section>
  );
}

function SanctioningBodies({ report }: { report: OfflineDiagnostics }) {
  const duplicated = new Set(report.duplicateSanctioningBodies.map((name) => name.trim().toLowerCase()));
  return (
    <section className="admin-panel" aria-labelledby="admin-diagnostics-bodies">
      <h2 id="admin-diagnostics-bodies" className="admin-panel__title">
        {T.bodiesTitle}
      </h2>
      {report.sanctioningBodyNames.length === 0 ? (
        <p className="admin-muted admin-diagnostics__none">{T.noBodies}</p>
      ) : (
        <ul className="admin-diagnostics__list" aria-labelledby="admin-diagnostics-bodies">
          {report.sanctioningBodyNames.map((name, index) => {
            const twice = duplicated.has(name.trim().toLowerCase());
            return (
              <li key={`${index}-${name}`} className={twice ? 'admin-diagnostics__bad' : undefined}>
                <span className="admin-break">{name}</span>
                {twice ? <Badge tone="red">{T.duplicateBadge}</Badge> : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function Duplicates({ report }: { report: OfflineDiagnostics }) {
  return (
    <section className="admin-panel" aria-labelledby="admin-diagnostics-duplicates">
      <h2 id="admin-diagnostics-duplicates" className="admin-panel__title">
        {T.duplicatesTitle}
      </h2>
      {report.duplicates.length === 0 ? (
        <p className="admin-muted admin-diagnostics__none">{T.noDuplicates}</p>
      ) : (
        <ul
          className="admin-diagnostics__list admin-diagnostics__bad"
          aria-labelledby="admin-diagnostics-duplicates"
        >
          {report.duplicates.map((duplicate) => (
            <li key={`${duplicate.store}-${duplicate.kind}-${duplicate.value}`} className="admin-break">
              {T.stores[duplicate.store]}:{' '}
              {T.duplicate(T.duplicateWhat[duplicate.kind], duplicate.value, duplicate.count)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** What the diagnostics found, panel by panel. */
export function DiagnosticsReport({
  report,
  databaseName,
}: {
  report: OfflineDiagnostics;
  databaseName: string;
}) {
  return (
    <div className="admin-diagnostics__panels">
      <Summary report={report} databaseName={databaseName} />
      <Counts report={report} />
      <SanctioningBodies report={report} />
      <Duplicates report={report} />
    </div>
  );
}
