import { useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Tabs } from '@pitclock/design-system';
import { useIdParam } from '../../lib/use-list-state';
import { SUBJECT_DEPENDENTS, SUBJECT_KEY, readTrail, writeTrail } from './audit-lists';
import { AUDIT_AREAS, type AuditArea } from './audit-rows';
import { AuditTrailPanel } from './audit-trail-panel';
import { AUDIT_TEXT as T } from './messages';
import '../../lib/admin-screen.css';
import './audit.css';

const isTrail = (id: string): id is AuditArea => AUDIT_AREAS.some((trail) => trail === id);

/**
 * /admin/audit (issue 23, item 5): what the admins did, read-only, in two trails (each service keeps its
 * own): Accounts (user edits, deletions, admin role) and Licensing (promo codes, credits, activation
 * codes, devices). The trail, each trail's search, action filter, sort and page, and the user whose
 * actions alone are shown (?subject=42, for both trails) are in the URL.
 */
export function AuditScreen() {
  const [params, setParams] = useSearchParams();
  const trail = readTrail(params);
  const [subject, setSubject] = useIdParam(SUBJECT_KEY, SUBJECT_DEPENDENTS);
  const root = useRef<HTMLDivElement>(null);

  const showTrail = (id: string) => {
    if (isTrail(id) && id !== trail) setParams(writeTrail(params, id));
  };
  // The line and its button go away: the focus goes to the trail shown rather than to the page's start.
  const clearSubject = () => {
    setSubject(null);
    root.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus();
  };

  return (
    // A plain block, not a region (see the signup events screen: axe landmark-unique).
    <div ref={root} className="admin-screen admin-audit">
      <header className="admin-screen__header">
        <h1 className="admin-screen__title">{T.title}</h1>
      </header>
      <Tabs
        label={T.trailsLabel}
        value={trail}
        onValueChange={showTrail}
        items={AUDIT_AREAS.map((id) => ({
          id,
          label: T.trails[id],
          content:
            id === trail ? (
              <AuditTrailPanel trail={id} subject={subject} onClearSubject={clearSubject} />
            ) : null,
        }))}
      />
    </div>
  );
}
