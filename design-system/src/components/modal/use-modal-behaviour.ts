import { createContext, useContext, useEffect, useRef } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent, RefObject } from 'react';
import { getTabbable } from '../../lib/focusable';

type Entry = { dialog: HTMLElement; depth: number };

/**
 * Open modal surfaces, topmost last; only the topmost one reacts to Escape and traps focus. Ordered by
 * React nesting depth first (a ConfirmDialog inside a Modal is above it even though React runs the
 * child's effect first), then by opening order.
 */
const stack: Entry[] = [];
const top = () => stack[stack.length - 1]?.dialog;
/** Page overflow before the first modal opened; restored when the last one closes. */
let savedOverflow = '';

/** Nesting depth of modal surfaces in the React tree (0 outside any). */
export const DialogDepthContext = createContext(0);

type Options = {
  open: boolean;
  onClose: () => void;
  /** The element with role=dialog. */
  dialogRef: RefObject<HTMLElement | null>;
  /**
   * Element to focus on open; defaults to the first tabbable element of the body (the element marked
   * data-pc-dialog-body), else the first tabbable element (close button, footer), else the dialog itself.
   */
  initialFocusRef?: RefObject<HTMLElement | null>;
};

/**
 * Shared behaviour of Modal and SidePanel: moves focus inside on open, traps Tab and Shift+Tab, closes on
 * Escape, locks page scroll and restores focus to the opener on close.
 */
export function useModalBehaviour({ open, onClose, dialogRef, initialFocusRef }: Options) {
  const depth = useContext(DialogDepthContext) + 1;
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!open) return undefined;
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const entry: Entry = { dialog, depth };
    stack.push(entry);
    stack.sort((a, b) => a.depth - b.depth); // stable: same depth keeps opening order
    const isTop = top() === dialog;

    const body = dialog.querySelector<HTMLElement>('[data-pc-dialog-body]');
    const target =
      initialFocusRef?.current ??
      (body ? getTabbable(body)[0] : undefined) ??
      getTabbable(dialog)[0] ??
      dialog;
    if (isTop) target.focus();

    if (stack.length === 1) {
      savedOverflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
    }

    // Focus that lands outside the topmost dialog (e.g. by a mouse click on the page) is pulled back.
    const onFocusIn = (event: FocusEvent) => {
      if (top() !== dialog) return;
      if (event.target instanceof Node && !dialog.contains(event.target)) {
        (getTabbable(dialog)[0] ?? dialog).focus();
      }
    };
    document.addEventListener('focusin', onFocusIn);

    // Focus falls to <body> when the focused control inside is disabled or removed (a button that
    // disables itself after a click): Escape must still close the topmost dialog then.
    const onStrayEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || top() !== dialog) return;
      if (document.activeElement && document.activeElement !== document.body) return;
      event.preventDefault();
      onCloseRef.current();
    };
    document.addEventListener('keydown', onStrayEscape);

    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onStrayEscape);
      const index = stack.indexOf(entry);
      if (index >= 0) stack.splice(index, 1);
      if (stack.length === 0) document.body.style.overflow = savedOverflow;
      if (isTop && opener && opener.isConnected) opener.focus();
    };
  }, [open, dialogRef, initialFocusRef, depth]);

  /** Keydown handler for the dialog's root (overlay included). */
  const onKeyDown = (event: ReactKeyboardEvent<HTMLElement>) => {
    const dialog = dialogRef.current;
    if (!dialog || top() !== dialog) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      event.preventDefault();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab') return;
    const tabbable = getTabbable(dialog);
    const first = tabbable[0];
    const last = tabbable[tabbable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      dialog.focus();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialog)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return { onKeyDown, depth };
}
