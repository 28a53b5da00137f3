import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Banner, Button, TextField } from '@pitclock/design-system';
import { normalisePromoCode, PROMO_DEFAULT_RETURN_TO, promoReturnTo } from '../../domain';
import { PROMO_TEXT } from './messages';
import { redeemPromoCode } from './redeem';
import '../../lib/screen.css';
import './promo.css';

/**
 * Promo code entry (/promo, SPEC.md sections 2, 5 and 8): one code field shown trimmed and upper-cased,
 * Redeem (disabled while empty; Enter submits) and Back (to /contests). A redeemed licence is stored for
 * this device and the screen goes on to the returnTo query parameter (a path inside the app, default
 * /contests), replacing /promo in the history.
 */
export function PromoScreen() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = promoReturnTo(params.get('returnTo'));
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (code === '' || busy) return;
    setBusy(true);
    setError(null);
    const outcome = await redeemPromoCode(code);
    if (outcome.ok) {
      await navigate(returnTo, { replace: true });
      return;
    }
    setError(outcome.error);
    setBusy(false);
  };

  return (
    <section className="pc-screen pc-promo" aria-labelledby="pc-promo-title">
      <header className="pc-screen__header">
        <h1 id="pc-promo-title" className="pc-screen__title">
          {PROMO_TEXT.title}
        </h1>
      </header>
      <p className="pc-promo__intro">{PROMO_TEXT.intro}</p>

      <form className="pc-promo__form" aria-label={PROMO_TEXT.title} onSubmit={submit} noValidate>
        {error ? <Banner tone="red">{error}</Banner> : null}
        <TextField
          label={PROMO_TEXT.codeLabel}
          hint={PROMO_TEXT.codeHint}
          className="pc-promo__code"
          value={code}
          onChange={(e) => setCode(normalisePromoCode(e.target.value))}
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
          readOnly={busy}
          autoFocus
        />
        <div className="pc-promo__actions">
          <Button variant="secondary" onClick={() => void navigate(PROMO_DEFAULT_RETURN_TO)}>
            {PROMO_TEXT.back}
          </Button>
          <Button type="submit" disabled={code === ''} loading={busy}>
            {PROMO_TEXT.redeem}
          </Button>
        </div>
      </form>
    </section>
  );
}
