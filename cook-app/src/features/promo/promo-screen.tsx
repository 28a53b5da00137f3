import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod/mini';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { Banner, Button, ConfirmDialog, TextField } from '@pitclock/design-system';
import { normalisePromoCode, PROMO_DEFAULT_RETURN_TO, promoCodeSchema, promoReturnTo } from '../../domain';
import { activeLicenseExpiry, useStartCookOff } from '../../lib/license-gate';
import { deviceTimeZone, useDateFormat } from '../../lib/display-prefs';
import { unlessSubmitting } from '../../lib/form-fields';
import { PROMO_TEXT } from './messages';
import { redeemPromoCode } from './redeem';
import '../../lib/screen.css';
import './promo.css';

export type PromoScreenProps = {
  /** The clock in epoch ms (default Date.now; tests pass the store's): the licence is judged at it. */
  now?: () => number;
  /** The device's time zone (default the system's): the expiry's date is read in it. */
  timeZone?: string;
};

const redeemFormSchema = z.object({ code: promoCodeSchema });
type RedeemValues = z.output<typeof redeemFormSchema>;

const DONE_ID = 'pc-promo-done';

/**
 * Promo code entry (/promo, SPEC.md sections 2, 5 and 8): one code field shown trimmed and upper-cased,
 * Redeem (disabled while empty; Enter submits) and Back (to /contests). When this device's licence is
 * still active, Redeem first says what another code does to its expiry and asks to confirm; nothing is
 * sent before that. A redeemed licence is stored for this device and the screen says until when it is
 * active ('Licence active until 12/26/2026'); Continue then goes on to the returnTo query parameter (a
 * path inside the app, default /contests), replacing /promo in the history, through the start gate: a
 * run route asks what Start asks (useStartCookOff().open). Each arrival at /promo starts afresh.
 */
export function PromoScreen(props: PromoScreenProps) {
  const { key } = useLocation();
  return <PromoCodeEntry key={key} {...props} />;
}

function PromoCodeEntry({ now = Date.now, timeZone = deviceTimeZone() }: PromoScreenProps) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = promoReturnTo(params.get('returnTo'));
  const format = useDateFormat();
  const { open, confirmation } = useStartCookOff({ now });
  const { control, handleSubmit, getValues } = useForm<
    z.input<typeof redeemFormSchema>,
    unknown,
    RedeemValues
  >({ resolver: zodResolver(redeemFormSchema), defaultValues: { code: '' }, shouldFocusError: false });
  const values = useWatch({ control });
  // Busy from the submit to the answer, except while the second-code question is open.
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The expiry of this device's active licence while the second-code question is open. */
  const [asking, setAsking] = useState<number | null>(null);
  const [redeemed, setRedeemed] = useState<{ expiryMs: number | null } | null>(null);

  const redeem = async (code: string) => {
    setBusy(true);
    setError(null);
    const outcome = await redeemPromoCode(code);
    setBusy(false);
    if (outcome.ok) setRedeemed({ expiryMs: outcome.expiryMs });
    else setError(outcome.error);
  };

  const submit = async ({ code }: RedeemValues) => {
    setBusy(true);
    setError(null);
    const current = await activeLicenseExpiry({ now });
    if (current === null) {
      await redeem(code);
      return;
    }
    setBusy(false);
    setAsking(current);
  };

  return (
    <section className="pc-screen pc-promo" aria-labelledby="pc-promo-title">
      <header className="pc-screen__header">
        <h1 id="pc-promo-title" className="pc-screen__title">
          {PROMO_TEXT.title}
        </h1>
      </header>
      <p className="pc-promo__intro">{PROMO_TEXT.intro}</p>

      {redeemed ? (
        <div className="pc-promo__form">
          <Banner tone="green" id={DONE_ID}>
            {redeemed.expiryMs === null
              ? PROMO_TEXT.active
              : PROMO_TEXT.activeUntil(format.numericDate(redeemed.expiryMs, timeZone))}
          </Banner>
          <div className="pc-promo__actions">
            <Button
              aria-describedby={DONE_ID}
              onClick={() => void open(returnTo, { replace: true })}
              // The form that had focus is gone: focus goes to the way on, which reads the message.
              // eslint-disable-next-line jsx-a11y-x/no-autofocus
              autoFocus
            >
              {PROMO_TEXT.continue}
            </Button>
          </div>
        </div>
      ) : (
        <form
          className="pc-promo__form"
          aria-label={PROMO_TEXT.title}
          onSubmit={unlessSubmitting(busy, handleSubmit(submit))}
          noValidate
        >
          {error ? <Banner tone="red">{error}</Banner> : null}
          <Controller
            control={control}
            name="code"
            render={({ field }) => (
              <TextField
                {...field}
                onChange={(e) => field.onChange(normalisePromoCode(e.target.value))}
                label={PROMO_TEXT.codeLabel}
                hint={PROMO_TEXT.codeHint}
                className="pc-promo__code"
                autoComplete="off"
                autoCapitalize="characters"
                autoCorrect="off"
                spellCheck={false}
                enterKeyHint="go"
                readOnly={busy}
                // The screen is there to take the code: typing starts at once.
                // eslint-disable-next-line jsx-a11y-x/no-autofocus
                autoFocus
              />
            )}
          />
          <div className="pc-promo__actions">
            <Button variant="secondary" onClick={() => void navigate(PROMO_DEFAULT_RETURN_TO)}>
              {PROMO_TEXT.back}
            </Button>
            <Button type="submit" disabled={!redeemFormSchema.safeParse(values).success} loading={busy}>
              {PROMO_TEXT.redeem}
            </Button>
          </div>
        </form>
      )}

      <ConfirmDialog
        open={asking !== null}
        title={PROMO_TEXT.anotherTitle}
        message={asking === null ? '' : PROMO_TEXT.anotherQuestion(format.numericDate(asking, timeZone))}
        confirmLabel={PROMO_TEXT.anotherConfirm}
        cancelLabel={PROMO_TEXT.anotherCancel}
        onConfirm={() => {
          setAsking(null);
          void redeem(getValues('code'));
        }}
        onCancel={() => setAsking(null)}
      />
      {confirmation}
    </section>
  );
}
