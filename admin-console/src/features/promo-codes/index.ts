// Admin promo codes screen (/admin/promo-codes).
export { PromoCodesScreen, type PromoCodesScreenProps } from './promo-codes-screen';
