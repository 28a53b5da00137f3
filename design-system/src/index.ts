// Public surface of @pitclock/design-system. Styles: import '@pitclock/design-system/styles.css' once.
export { Button } from './components/button/button';
export type { ButtonProps, ButtonVariant, ButtonSize } from './components/button/button';
export { IconButton } from './components/icon-button/icon-button';
export type { IconButtonProps, IconButtonVariant } from './components/icon-button/icon-button';
export { Banner } from './components/banner/banner';
export type { BannerProps, BannerTone } from './components/banner/banner';
export { EmptyState } from './components/empty-state/empty-state';
export type { EmptyStateProps } from './components/empty-state/empty-state';
export { Spinner } from './components/spinner/spinner';
export type { SpinnerProps, SpinnerSize } from './components/spinner/spinner';
export * from './icons/icons';
