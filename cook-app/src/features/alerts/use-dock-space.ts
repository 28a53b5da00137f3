// Room at the bottom of the page for the docked alert card: while the card is on screen, the document
// gets a bottom padding (and scroll padding, for focus and scrollIntoView) as tall as the card takes from
// the bottom of the viewport, so that nothing of the page is unreachable under it.
import { useLayoutEffect, type RefObject } from 'react';

/** The class on <html> while a card is docked, and the custom property holding the room it takes. */
export const ALERT_DOCK_CLASS = 'pc-alert-dock';
export const ALERT_DOCK_SPACE_PROPERTY = '--pc-alert-dock-space';

/** Extra room above the card, so the last control of the page does not touch it. */
const BREATHING_ROOM_PX = 8;

// The layout viewport: the one fixed elements and getBoundingClientRect are placed in.
const viewportHeight = (element: Element) => element.ownerDocument.defaultView?.innerHeight ?? 0;

/** Keeps the room of the docked `card` reserved on `root` (default <html>) while mounted. */
export function useDockSpace(card: RefObject<HTMLElement | null>, root?: HTMLElement): void {
  useLayoutEffect(() => {
    const element = card.current;
    if (!element) return undefined;
    const target = root ?? element.ownerDocument.documentElement;
    const measure = () => {
      const { top, height } = element.getBoundingClientRect();
      // From the card's top to the viewport's bottom: its height plus its offset and the safe area.
      const fromBottom = Math.max(height, viewportHeight(element) - top);
      target.style.setProperty(ALERT_DOCK_SPACE_PROPERTY, `${Math.ceil(fromBottom) + BREATHING_ROOM_PX}px`);
    };
    measure();
    target.classList.add(ALERT_DOCK_CLASS);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      target.classList.remove(ALERT_DOCK_CLASS);
      target.style.removeProperty(ALERT_DOCK_SPACE_PROPERTY);
    };
  }, [card, root]);
}
