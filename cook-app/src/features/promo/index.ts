// Promo-code entry (/promo): redeem a code for this device's licence, then go back to returnTo.
export { PromoScreen } from './promo-screen';
