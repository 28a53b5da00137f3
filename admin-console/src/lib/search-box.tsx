import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { CloseIcon, IconButton, TextField } from '@pitclock/design-system';
import { cleanSearch } from './list-state';

/** How long typing must pause before the search is sent. */
export const SEARCH_DELAY_MS = 300;

export type SearchBoxProps = {
  /** The field's visible label ('Search users'). */
  label: string;
  /** The search in force (the list's, from the URL): the field follows it when it changes elsewhere (Back). */
  value: string;
  /** Called with the text once typing pauses, at once on Enter and on Clear. */
  onSearch: (q: string) => void;
  placeholder?: string;
  /** The clear button's name (default 'Clear search'). */
  clearLabel?: string;
  delayMs?: number;
  className?: string;
};

/**
 * A list's search field: sends what is typed once typing pauses (debounced), or at once on Enter; a clear
 * button empties it. It shows the list's search when that changes from outside (Back, a link).
 */
export function SearchBox({
  label,
  value,
  onSearch,
  placeholder,
  clearLabel = 'Clear search',
  delayMs = SEARCH_DELAY_MS,
  className,
}: SearchBoxProps) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  const input = useRef<HTMLInputElement>(null);
  // The list's search changed from outside (Back, Forward, a link): show it, unless it is what is typed.
  if (value !== shown) {
    setShown(value);
    if (cleanSearch(draft) !== value) setDraft(value);
  }

  const send = useEffectEvent((text: string) => onSearch(cleanSearch(text)));
  useEffect(() => {
    if (cleanSearch(draft) === value) return undefined;
    const timer = setTimeout(() => send(draft), delayMs);
    return () => clearTimeout(timer);
  }, [draft, value, delayMs]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (cleanSearch(draft) !== value) onSearch(cleanSearch(draft));
  };
  const clear = () => {
    setDraft('');
    if (value !== '') onSearch('');
    input.current?.focus();
  };

  return (
    // No search landmark: a screen has several of these, and a landmark named like its field would make
    // its label find two elements.
    <form className={className ? `admin-search ${className}` : 'admin-search'} onSubmit={submit}>
      <TextField
        ref={input}
        label={label}
        type="search"
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        placeholder={placeholder}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        wrapperClassName="admin-search__field"
      />
      {draft === '' ? null : (
        <IconButton
          label={clearLabel}
          icon={<CloseIcon />}
          variant="secondary"
          className="admin-search__clear"
          onClick={clear}
        />
      )}
    </form>
  );
}
