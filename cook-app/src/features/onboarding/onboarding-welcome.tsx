import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Button, Modal } from '@pitclock/design-system';
import { ONBOARDING_TEXT as T } from './messages';
import { markOnboardingSeen, onboardingSeenAt, pageStorage } from './onboarding-storage';
import './onboarding.css';

/** A query parameter that opens the welcome even when it has been seen (Settings' Help link). */
export const WELCOME_PARAM = 'welcome';

export type OnboardingWelcomeProps = {
  /** Where the seen flag is kept (default localStorage). */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  /** Clock of the seen time (default Date.now). */
  now?: () => number;
};

/**
 * The first-run welcome over Cook-offs: the three stages of PitClock in a dialog, shown once per device
 * (and whenever the page is opened with ?welcome=1). Focus is trapped inside; Get started, Escape or
 * the close button dismisses it and remembers that it was seen.
 */
export function OnboardingWelcome({ storage = pageStorage(), now = Date.now }: OnboardingWelcomeProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const asked = params.has(WELCOME_PARAM);
  const [firstVisit, setFirstVisit] = useState(() => onboardingSeenAt(storage) === null);
  const getStarted = useRef<HTMLButtonElement>(null);

  const close = () => {
    markOnboardingSeen(now(), storage);
    setFirstVisit(false);
    if (asked) {
      params.delete(WELCOME_PARAM);
      const search = params.toString();
      void navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
    }
  };

  return (
    <Modal
      open={firstVisit || asked}
      onClose={close}
      title={T.title}
      description={T.description}
      closeLabel={T.close}
      initialFocusRef={getStarted}
      className="pc-onboarding"
      footer={
        <Button ref={getStarted} size="lg" onClick={close}>
          {T.getStarted}
        </Button>
      }
    >
      <ol className="pc-onboarding__stages" aria-label={T.stagesLabel}>
        {T.stages.map((stage, index) => (
          <li key={stage.title} className="pc-onboarding__stage">
            <span className="pc-onboarding__number" aria-hidden="true">
              {index + 1}
            </span>
            <span className="pc-onboarding__stage-text">
              <strong className="pc-onboarding__stage-title">{stage.title}</strong>
              <span>{stage.text}</span>
            </span>
          </li>
        ))}
      </ol>
    </Modal>
  );
}
