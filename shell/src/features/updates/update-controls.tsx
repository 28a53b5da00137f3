import { useSyncExternalStore } from 'react';
import { Badge, IconButton } from '@pitclock/design-system';
import { badgeTone, type BadgeTone } from './badge-tone';
import { updates, type UpdateController } from './update-controller';
import { useBuildMeta } from './use-build-meta';
import './update-controls.css';

const badgeTitle: Record<BadgeTone, string> = {
  amber: 'An update is ready: press reload to apply it',
  yellow: 'A newer build is deployed',
  red: 'The build information could not be loaded',
  neutral: 'Up to date',
};

function ReloadIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M20 11a8 8 0 1 0-2.3 5.7" />
      <path d="M20 4v7h-7" />
    </svg>
  );
}

export type UpdateControlsProps = { controller?: UpdateController; runningVersion?: string };

/** The header's reload button (applies a waiting update) and build-version badge. */
export function UpdateControls({
  controller = updates,
  runningVersion = __PITCLOCK_BUILD__.version,
}: UpdateControlsProps) {
  const updateReady = useSyncExternalStore(controller.subscribe, controller.isUpdateReady);
  const meta = useBuildMeta();
  const tone = badgeTone(updateReady, meta, runningVersion);
  return (
    <>
      <Badge
        className={`build-badge build-badge--${tone}`}
        tone={tone === 'yellow' ? 'neutral' : tone}
        title={`${badgeTitle[tone]} (running ${runningVersion})`}
        data-tone={tone}
      >
        v{runningVersion.split('+')[0]}
      </Badge>
      <IconButton
        label={updateReady ? 'Reload to apply the update' : 'Reload'}
        icon={<ReloadIcon />}
        variant={updateReady ? 'primary' : 'ghost'}
        data-update-ready={updateReady ? 'true' : 'false'}
        onClick={() => controller.reloadApp()}
      />
    </>
  );
}
