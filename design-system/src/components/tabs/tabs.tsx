import { useRef, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { useStableId } from '../../lib/use-id';

export type TabItem = {
  id: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
};

export type TabsProps = {
  items: readonly TabItem[];
  /** Accessible name of the tab list. */
  label: string;
  /** Controlled selected tab id. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (id: string) => void;
  /** 'automatic' (default) selects on arrow keys; 'manual' moves focus and selects with Enter/Space. */
  activation?: 'automatic' | 'manual';
  /** Keep inactive panels mounted (hidden) instead of unmounting them. */
  keepMounted?: boolean;
  /** Tabs stretch to fill the row. */
  fullWidth?: boolean;
  className?: string;
};

/** WAI-ARIA tabs: roving tabindex, Left/Right/Home/End move between tabs. */
export function Tabs({
  items,
  label,
  value,
  defaultValue,
  onValueChange,
  activation = 'automatic',
  keepMounted = false,
  fullWidth = false,
  className,
}: TabsProps) {
  const baseId = useStableId();
  const firstEnabled = items.find((item) => !item.disabled)?.id ?? '';
  const [uncontrolled, setUncontrolled] = useState(defaultValue ?? firstEnabled);
  const selected = value ?? uncontrolled;
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  const select = (id: string) => {
    if (value === undefined) setUncontrolled(id);
    if (id !== selected) onValueChange?.(id);
  };

  const enabled = items.filter((item) => !item.disabled);

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, id: string) => {
    const index = enabled.findIndex((item) => item.id === id);
    let next: TabItem | undefined;
    switch (event.key) {
      case 'ArrowRight':
        next = enabled[(index + 1) % enabled.length];
        break;
      case 'ArrowLeft':
        next = enabled[(index - 1 + enabled.length) % enabled.length];
        break;
      case 'Home':
        next = enabled[0];
        break;
      case 'End':
        next = enabled[enabled.length - 1];
        break;
      default:
        return;
    }
    event.preventDefault();
    if (!next) return;
    tabRefs.current.get(next.id)?.focus();
    if (activation === 'automatic') select(next.id);
  };

  const tabId = (id: string) => `${baseId}-tab-${id}`;
  const panelId = (id: string) => `${baseId}-panel-${id}`;

  return (
    <div className={cx('pc-tabs', className)}>
      <div
        role="tablist"
        aria-label={label}
        className={cx('pc-tabs__list', fullWidth && 'pc-tabs__list--full')}
      >
        {items.map((item) => {
          const isSelected = item.id === selected;
          return (
            <button
              key={item.id}
              ref={(el) => {
                if (el) tabRefs.current.set(item.id, el);
                else tabRefs.current.delete(item.id);
              }}
              type="button"
              role="tab"
              id={tabId(item.id)}
              aria-selected={isSelected}
              aria-controls={panelId(item.id)}
              tabIndex={isSelected ? 0 : -1}
              disabled={item.disabled}
              className="pc-tabs__tab"
              onClick={() => select(item.id)}
              onKeyDown={(event) => onKeyDown(event, item.id)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => {
        const isSelected = item.id === selected;
        return (
          <div
            key={item.id}
            role="tabpanel"
            id={panelId(item.id)}
            aria-labelledby={tabId(item.id)}
            hidden={!isSelected}
            tabIndex={0}
            className="pc-tabs__panel"
          >
            {isSelected || keepMounted ? item.content : null}
          </div>
        );
      })}
    </div>
  );
}
