// Public surface of @pitclock/design-system.
// Styles are separate: import '@pitclock/design-system/styles.css' once (in the shell); components import no CSS.

// Theme
export {
  THEME_STORAGE_KEY,
  applyTheme,
  readThemeChoice,
  resolveScheme,
  useColorScheme,
  writeThemeChoice,
} from './theme/theme';
export type { ColorScheme, ThemeChoice, UseColorSchemeResult } from './theme/theme';

// Actions
export { Button } from './components/button/button';
export type { ButtonProps, ButtonSize, ButtonVariant } from './components/button/button';
export { IconButton } from './components/icon-button/icon-button';
export type { IconButtonProps, IconButtonVariant } from './components/icon-button/icon-button';

// Fields
export type { FieldBaseProps } from './components/field/field';
export { TextField } from './components/text-field/text-field';
export type { TextFieldProps } from './components/text-field/text-field';
export { PasswordField } from './components/password-field/password-field';
export type { PasswordFieldProps } from './components/password-field/password-field';
export { Select } from './components/select/select';
export type { SelectOption, SelectProps } from './components/select/select';
export { TimeInput } from './components/time-input/time-input';
export type { TimeInputProps } from './components/time-input/time-input';
export { formatTime12h, parseTimeInput } from './components/time-input/parse-time-input';
export { NumberField, clampNumber } from './components/number-field/number-field';
export type { NumberFieldProps } from './components/number-field/number-field';
export { Toggle } from './components/toggle/toggle';
export type { ToggleProps } from './components/toggle/toggle';

// Overlays
export { Modal } from './components/modal/modal';
export type { ModalProps, ModalSize } from './components/modal/modal';
export { SidePanel } from './components/side-panel/side-panel';
export type { SidePanelProps } from './components/side-panel/side-panel';
export { ConfirmDialog } from './components/confirm-dialog/confirm-dialog';
export type { ConfirmDialogProps } from './components/confirm-dialog/confirm-dialog';
export { FormDialog } from './components/form-dialog/form-dialog';
export type { FormDialogProps } from './components/form-dialog/form-dialog';
export { ToastProvider, useToast } from './components/toast/toast';
export type {
  ToastApi,
  ToastInput,
  ToastItem,
  ToastProviderProps,
  ToastTone,
} from './components/toast/toast';
export { Tooltip } from './components/tooltip/tooltip';
export type { TooltipProps } from './components/tooltip/tooltip';

// Data display and feedback
export { Table, hideBelowClass } from './components/table/table';
export type {
  TableBreakpoint,
  TableColumn,
  TableProps,
  TableSort,
  TableSortDirection,
} from './components/table/table';
export { Tabs } from './components/tabs/tabs';
export type { TabItem, TabsProps } from './components/tabs/tabs';
// SortableList (drag and drop) is its own entry, '@pitclock/design-system/sortable-list': only the
// screens that reorder download dnd-kit, not every first page that shares this entry.
export { Badge } from './components/badge/badge';
export type { BadgeProps, BadgeTone } from './components/badge/badge';
export { Banner } from './components/banner/banner';
export type { BannerProps, BannerTone } from './components/banner/banner';
export { EmptyState } from './components/empty-state/empty-state';
export type { EmptyStateProps } from './components/empty-state/empty-state';
export { Spinner } from './components/spinner/spinner';
export type { SpinnerProps, SpinnerSize } from './components/spinner/spinner';
export { ProgressBar } from './components/progress-bar/progress-bar';
export type { ProgressBarProps } from './components/progress-bar/progress-bar';
export { Timeline } from './components/timeline/timeline';
export type { TimelineProps } from './components/timeline/timeline';
export type { TimelineLane, TimelineMark, TimelineWindow } from './components/timeline/timeline-layout';

// Focus helpers (a focus trap outside the modal components, e.g. the shell's slide-in menu)
export { getTabbable } from './lib/focusable';

// Icons (inline SVG, decorative unless given a title)
export * from './icons/icons';

// Lazy screens that Try Again can load again after a failed chunk (React.lazy keeps a failure for good).
// One registry for the page: the shell and its remotes share this package, so the shell's Try Again
// reaches the remotes' screens too.
export { isPageReloading, markPageReloading, retryableLazy, retryFailedLoads } from './lib/retryable-lazy';
export { ScreenBoundary, type ScreenBoundaryProps } from './lib/screen-boundary';
export type { RetryableComponent, RetryableLazyOptions } from './lib/retryable-lazy';
