import type { ReactNode } from 'react';
import { DEVICES_PAGE, PAGE_LIMITS } from '@pitclock/contracts/schemas';
import { withOwners, ownerIdsOf, type DeviceRow } from './device-owners';
import { useDevicesPageQuery, type DevicesPageArgs } from './devices-api';
import { DEVICES_TEXT, DevicesTable } from './devices-table';
import { FailureBanner } from './failure-banner';
import type { FilterRule, ListSpec, PageArgs } from './list-state';
import { PagedList, type ListTexts } from './paged-list';
import { SearchBox } from './search-box';
import type { ListControls } from './use-list-state';
import { useUsersByIds } from './users-api';

export type DeviceColumn = keyof typeof DEVICES_PAGE.columns;

export type DevicesListTexts = ListTexts & {
  search: string;
  searchPlaceholder: string;
  ownersFailed: string;
};

export const DEVICES_LIST_TEXT: DevicesListTexts = {
  noun: { one: 'device', other: 'devices' },
  loading: 'Loading devices',
  /** SPEC.md section 8. */
  loadFailed: 'Failed to fetch devices',
  staleRows: 'Failed to fetch devices: the rows below are from an earlier load.',
  empty: DEVICES_TEXT.empty,
  noMatch: (q: string) => (q === '' ? 'No devices match these filters.' : `No devices match "${q}".`),
  pages: 'Pages of devices',
  search: 'Search devices',
  searchPlaceholder: 'UID or name',
  /** SPEC.md section 8: the owners come from auth's users. */
  ownersFailed: 'Failed to load users',
};

/** The spec of a devices list: newest first, `limit` a page, under `prefix` in the URL. */
export function devicesListSpec<F extends string = never>(
  prefix: string,
  { limit = PAGE_LIMITS.limitDefault, filters }: { limit?: number; filters?: Record<F, FilterRule> } = {},
): ListSpec<DeviceColumn, F> {
  return { prefix, page: DEVICES_PAGE, defaultSort: '-device_id', limit, ...(filters ? { filters } : {}) };
}

export type DevicesListProps = {
  list: ListControls<DeviceColumn>;
  /** The list's filters as the request sends them (one user's devices, a status). */
  query: Omit<DevicesPageArgs, keyof PageArgs>;
  /** Whether filters besides the search are in force (an empty page then says nothing matches). */
  filtered?: boolean;
  caption: string;
  /** Texts that differ from DEVICES_LIST_TEXT (e.g. the load failure of a user's details). */
  texts?: Partial<DevicesListTexts>;
  /** More filters beside the search. */
  tools?: ReactNode;
  renderAction: (device: DeviceRow) => ReactNode;
};

/**
 * A devices list with its owners: a search (UID or name), the page with each device's owner (e-mail and
 * name, looked up in one request for the page), sortable headers, and Previous/Next.
 */
export function DevicesList({
  list,
  query,
  filtered,
  caption,
  texts,
  tools,
  renderAction,
}: DevicesListProps) {
  const t = { ...DEVICES_LIST_TEXT, ...texts };
  const result = useDevicesPageQuery({ ...list.args, ...query });
  const owners = useUsersByIds(ownerIdsOf(result.data?.data));
  const page = result.data && {
    ...result.data,
    data: withOwners(result.data.data, owners.byId, owners.isError && !owners.isFetching),
  };
  return (
    <div className="admin-list-section">
      <div className="admin-list-tools">
        <SearchBox label={t.search} value={list.q} onSearch={list.search} placeholder={t.searchPlaceholder} />
        {tools}
      </div>
      {owners.isError && !owners.isFetching ? (
        <FailureBanner title={t.ownersFailed} error={owners.error} />
      ) : null}
      <PagedList
        result={{ ...result, data: page }}
        texts={t}
        q={list.q}
        filtered={filtered}
        cursor={list.cursor}
        onPage={list.goTo}
      >
        {(rows) => (
          <DevicesTable
            devices={rows}
            caption={caption}
            sort={list.sort}
            onSortChange={list.sortBy}
            renderAction={renderAction}
          />
        )}
      </PagedList>
    </div>
  );
}
