// The share select and the team badge load with the first shared record or open edit row, not with the
// first screen (most cooks share nothing): each renders nothing until its code is here.
import { lazy, Suspense } from 'react';
import type { ShareWithTeamFieldProps, TeamBadgeProps } from './share-field-view';

export type { ShareWithTeamFieldProps, TeamBadgeProps } from './share-field-view';

const ShareFieldView = lazy(() =>
  import('./share-field-view').then((m) => ({ default: m.ShareWithTeamField })),
);
const TeamBadgeView = lazy(() => import('./share-field-view').then((m) => ({ default: m.TeamBadge })));

/** "Share with team": Only me or one of the account's teams (share-field-view.tsx). */
export function ShareWithTeamField(props: ShareWithTeamFieldProps) {
  return (
    <Suspense fallback={null}>
      <ShareFieldView {...props} />
    </Suspense>
  );
}

/** "Team: <name>" on a shared cook-off or template; nothing (and no code loaded) when not shared. */
export function TeamBadge(props: TeamBadgeProps) {
  if (!props.teamId) return null;
  return (
    <Suspense fallback={null}>
      <TeamBadgeView {...props} />
    </Suspense>
  );
}
