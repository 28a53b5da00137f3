import { Button } from '@pitclock/design-system';

export const PAGER_TEXT = { previous: 'Previous', next: 'Next' } as const;

export type PagerProps = {
  /** The cursors of the pages beside the one shown (a page answer's); null where there is none. */
  prevCursor: string | null;
  nextCursor: string | null;
  /** Goes to the page of a cursor. */
  onPage: (cursor: string) => void;
  /** The navigation's name ('Pages of users'). */
  label: string;
};

/**
 * Previous and Next under a list. Where there is no such page the button says so with aria-disabled
 * rather than disabled, so that the focus stays on it when the first or last page comes.
 */
export function Pager({ prevCursor, nextCursor, onPage, label }: PagerProps) {
  if (prevCursor === null && nextCursor === null) return null;
  const button = (text: string, cursor: string | null) => (
    <Button
      variant="secondary"
      aria-disabled={cursor === null || undefined}
      onClick={() => {
        if (cursor !== null) onPage(cursor);
      }}
    >
      {text}
    </Button>
  );
  return (
    <nav className="admin-pager" aria-label={label}>
      {button(PAGER_TEXT.previous, prevCursor)}
      {button(PAGER_TEXT.next, nextCursor)}
    </nav>
  );
}
