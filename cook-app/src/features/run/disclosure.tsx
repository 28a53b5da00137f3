import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { Button, ChevronDownIcon } from '@pitclock/design-system';

/**
 * A disclosure's button and its panel, apart so that the buttons can share a row above the panels. The
 * button says whether the panel is open (aria-expanded) and keeps the focus as it opens and closes it;
 * Escape inside the panel (not inside a dialog opened from it) closes it and gives the button the focus.
 */
export function useDisclosure(open: boolean, onOpenChange: (open: boolean) => void) {
  const panelId = useId();
  const buttonId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const closeFromPanel = useEffectEvent(() => {
    onOpenChange(false);
    buttonRef.current?.focus();
  });

  useEffect(() => {
    const panel = panelRef.current;
    if (!open || !panel) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      closeFromPanel();
    };
    panel.addEventListener('keydown', onKeyDown);
    return () => panel.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const toggle = (label: ReactNode) => (
    <Button
      ref={buttonRef}
      id={buttonId}
      variant="secondary"
      className="pc-run-disclosure"
      aria-expanded={open}
      aria-controls={panelId}
      onClick={() => onOpenChange(!open)}
    >
      {label}
      <ChevronDownIcon className="pc-run-disclosure__chevron" aria-hidden="true" />
    </Button>
  );
  const panel = (className: string, children: ReactNode) => (
    <div
      id={panelId}
      ref={panelRef}
      role="group"
      aria-labelledby={buttonId}
      className={className}
      hidden={!open}
    >
      {open ? children : null}
    </div>
  );
  return { toggle, panel };
}
