import type { PromoCode } from '@pitclock/contracts';
import { Button } from '@pitclock/design-system';
import type { AdminError } from '../../store';
import { PROMO_CODES_TEXT as T } from './messages';
import { useTogglePromoCodeMutation } from './promo-codes-api';

export type PromoToggleButtonProps = {
  code: PromoCode;
  /** Called with the failed call when the server refuses or cannot be reached. */
  onError: (error: AdminError) => void;
};

/** Enable or Disable (POST /promo-codes/{id}/toggle), disabled while its call is in flight. */
export function PromoToggleButton({ code, onError }: PromoToggleButtonProps) {
  const [toggle, { isLoading }] = useTogglePromoCodeMutation();
  const action = code.is_active ? T.disable : T.enable;
  return (
    <Button
      variant={code.is_active ? 'secondary' : 'primary'}
      loading={isLoading}
      disabled={isLoading}
      aria-label={T.toggleLabel(action, code.code)}
      onClick={() =>
        void toggle(code.id).then((result) => {
          if ('error' in result) onError(result.error as AdminError);
        })
      }
    >
      {action}
    </Button>
  );
}
