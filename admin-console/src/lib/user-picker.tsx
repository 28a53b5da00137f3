import { useState } from 'react';
import { PAGE_LIMITS, type AdminUser } from '@pitclock/contracts/schemas';
import { Select, Spinner } from '@pitclock/design-system';
import { countText } from './count-text';
import { FailureBanner } from './failure-banner';
import { SearchBox } from './search-box';
import { useUsersByIds, useUsersPageQuery, userLabel } from './users-api';

export const USER_PICKER_TEXT = {
  findPlaceholder: 'E-mail or name',
  loading: 'Loading users',
  /** The chosen id names no user (deleted meanwhile, or a hand-made link). */
  unknown: (id: number) => `Unknown user (ID ${id})`,
  more: (shown: number, total: string) =>
    `Showing the first ${shown} of ${total}: type above to narrow the list.`,
  noMatch: (q: string) => `No users match "${q}".`,
} as const;

/** How many matches the list of a picker offers (sorted by e-mail); the search narrows them. */
export const PICKER_LIMIT = PAGE_LIMITS.limitMax;

export type UserPickerProps = {
  /** The list's label ('User', 'Owner'). */
  label: string;
  /** The search field's label ('Find a user'). */
  findLabel: string;
  /** The list's first option, for no user ('Choose a user', 'Any owner'). */
  placeholder: string;
  /** What a failed search says ('Failed to load users'). */
  loadFailed: string;
  value: number | null;
  onChange: (userId: number | null) => void;
  className?: string;
};

/**
 * Chooses one user among many: a search (e-mail or name, on the server) narrows a list of the matches,
 * at most PICKER_LIMIT of them by e-mail. The chosen user stays in the list whatever the search (looked
 * up by id, so a link that names a user shows them).
 */
export function UserPicker({
  label,
  findLabel,
  placeholder,
  loadFailed,
  value,
  onChange,
  className,
}: UserPickerProps) {
  const [q, setQ] = useState('');
  const matches = useUsersPageQuery({ ...(q === '' ? {} : { q }), sort: 'email', limit: PICKER_LIMIT });
  const found = matches.data?.data ?? [];
  const chosen = useUsersByIds(value === null || found.some((user) => user.id === value) ? [] : [value]);

  const chosenOption = (): { value: string; label: string }[] => {
    if (value === null || found.some((user) => user.id === value)) return [];
    const user = chosen.byId?.get(value);
    if (user) return [{ value: String(value), label: userLabel(user) }];
    return chosen.byId ? [{ value: String(value), label: USER_PICKER_TEXT.unknown(value) }] : [];
  };
  const options = [
    ...chosenOption(),
    ...found.map((user: AdminUser) => ({ value: String(user.id), label: userLabel(user) })),
  ];
  const page = matches.data;
  const hint =
    page === undefined
      ? undefined
      : page.data.length === 0 && q !== ''
        ? USER_PICKER_TEXT.noMatch(q)
        : page.next_cursor !== null
          ? USER_PICKER_TEXT.more(
              page.data.length,
              countText(page.total, page.total_exact, { one: 'user', other: 'users' }),
            )
          : undefined;

  return (
    <div className={className ? `admin-user-picker ${className}` : 'admin-user-picker'}>
      <SearchBox label={findLabel} value={q} onSearch={setQ} placeholder={USER_PICKER_TEXT.findPlaceholder} />
      {matches.isError && !matches.isFetching ? (
        <FailureBanner title={loadFailed} error={matches.error} />
      ) : null}
      {matches.isLoading ? (
        <Spinner label={USER_PICKER_TEXT.loading} />
      ) : page ? (
        <Select
          label={label}
          placeholder={placeholder}
          options={options}
          hint={hint}
          value={value === null ? '' : String(value)}
          onChange={(event) => onChange(event.target.value === '' ? null : Number(event.target.value))}
          aria-busy={matches.isFetching || undefined}
        />
      ) : null}
    </div>
  );
}
