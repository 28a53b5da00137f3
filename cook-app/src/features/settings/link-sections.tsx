import { Link } from 'react-router-dom';
import { getHelpLink, getSupportEmail, mailtoHref } from '../../lib/app-config';
import { SETTINGS_TEXT as T } from './messages';

const BUTTON_LINK = 'pc-button pc-button--secondary pc-button--md';

/** Promo code: a link to /promo (the redeemed licence unlocks starting cook-offs on this device). */
export function PromoSection() {
  return (
    <div className="pc-settings__row">
      <p className="pc-settings__text">{T.promoText}</p>
      <Link to="/promo" className={BUTTON_LINK}>
        <span className="pc-button__label">{T.promoLink}</span>
      </Link>
    </div>
  );
}

/**
 * Support: an e-mail link to the configured support address (lib/app-config, shown so that it can be
 * copied) and the help link (configured, else the in-app welcome guide).
 */
export function SupportSection() {
  const email = getSupportEmail();
  const help = getHelpLink();
  return (
    <div className="pc-settings__stack">
      <p className="pc-settings__text">{T.supportText}</p>
      <ul className="pc-settings__links">
        <li>
          <a href={mailtoHref(email, T.supportSubject)} className="pc-settings__link">
            {T.emailSupport}
          </a>{' '}
          <span className="pc-settings__hint pc-settings__wrap">({email})</span>
        </li>
        <li>
          {help.external ? (
            <a href={help.href} target="_blank" rel="noopener noreferrer" className="pc-settings__link">
              {T.helpExternal}
            </a>
          ) : (
            <Link to={help.href} className="pc-settings__link">
              {T.help}
            </Link>
          )}
        </li>
      </ul>
    </div>
  );
}

/** Links to the terms and the privacy policy. */
export function LegalSection() {
  return (
    <ul className="pc-settings__links">
      <li>
        <Link to="/terms" className="pc-settings__link">
          {T.terms}
        </Link>
      </li>
      <li>
        <Link to="/privacy" className="pc-settings__link">
          {T.privacy}
        </Link>
      </li>
    </ul>
  );
}
