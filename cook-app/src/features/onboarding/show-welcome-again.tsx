import { useNavigate } from 'react-router-dom';
import { Button } from '@pitclock/design-system';
import { ONBOARDING_TEXT as T } from './messages';
import { pageStorage, resetOnboarding } from './onboarding-storage';

export type ShowWelcomeAgainProps = {
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
};

/** About's onboarding reset: forgets that the welcome was seen and opens Cook-offs, where it shows. */
export function ShowWelcomeAgain({ storage = pageStorage() }: ShowWelcomeAgainProps) {
  const navigate = useNavigate();
  return (
    <div className="pc-onboarding-reset">
      <p className="pc-onboarding-reset__text">{T.showAgainText}</p>
      <Button
        variant="secondary"
        onClick={() => {
          resetOnboarding(storage);
          void navigate('/contests');
        }}
      >
        {T.showAgain}
      </Button>
    </div>
  );
}
