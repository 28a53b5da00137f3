import type { z } from 'zod';
import type { Query } from '@pitclock/contracts';
import type { PageAnswer } from '@pitclock/contracts/schemas';
import type { AdminRequest, AdminTagType } from '../store';
import type { PageArgs } from './list-state';
import { invalidResponse } from './schema-failure';

export type AdminTag = { type: AdminTagType; id: string | number };

export type PageEndpointOptions<Args extends PageArgs, Answer extends PageAnswer<unknown>> = {
  /** The list's path (API_PATHS), or the path of these args. */
  path: string | ((args: Args) => string);
  /** The query string of these args (default: the args themselves). */
  params?: (args: Args) => Query;
  /** The tag of the rows: the page provides its LIST and, with idOf, one per row. */
  tag: AdminTagType;
  /** A row's id (its tag's id), for rows a change can touch one by one; undefined for none. */
  idOf?: (row: Answer['data'][number]) => number | string | undefined;
  /** Other tags the page provides (e.g. a user's Credits for a ledger page). */
  moreTags?: (args: Args) => AdminTag[];
};

/** Reads an answer with the contract's page schema (whose input and output are the same). */
type DirectAnswer<Answer> = { answer: z.ZodType<Answer, Answer> };
/**
 * Or checks the raw answer with `raw` (e.g. the page envelope with rows read one by one later) and makes
 * the page of it with `transform`.
 */
type TransformedAnswer<Raw, Answer> = { raw: z.ZodType<Raw, Raw>; transform: (raw: Raw) => Answer };

const isDirect = <Raw, Answer>(
  read: DirectAnswer<Answer> | TransformedAnswer<Raw, Answer>,
): read is DirectAnswer<Answer> => 'answer' in read;

const tagsOf = <Args extends PageArgs, Answer extends PageAnswer<unknown>>(
  { tag, idOf, moreTags }: PageEndpointOptions<Args, Answer>,
  answer: Answer | undefined,
  args: Args,
): AdminTag[] => {
  const rows = idOf === undefined ? [] : (answer?.data ?? []);
  const ids = rows.map((row) => idOf?.(row)).filter((id) => id !== undefined);
  return [{ type: tag, id: 'LIST' }, ...ids.map((id) => ({ type: tag, id })), ...(moreTags?.(args) ?? [])];
};

/**
 * The definition of an RTK Query endpoint of one admin list's pages: `build.query<Answer, Args>(
 * pageEndpoint({ path, tag, idOf, answer: ThePageResponse }))`. It sends the args (q, sort, limit, cursor
 * and the list's filters) as the query, checks the answer with the contract's schema (a mismatch is the
 * failed load 'Invalid response from server'), and provides the list's tags, so that a change to a row or
 * to the list refetches the pages that show it.
 */
export function pageEndpoint<Args extends PageArgs, Answer extends PageAnswer<unknown>, Raw = Answer>(
  options: PageEndpointOptions<Args, Answer> & (DirectAnswer<Answer> | TransformedAnswer<Raw, Answer>),
) {
  const { path, params } = options;
  const query = (args: Args): AdminRequest => ({
    url: typeof path === 'string' ? path : path(args),
    params: params ? params(args) : args,
  });
  const providesTags = (answer: Answer | undefined, _error: unknown, args: Args) =>
    tagsOf(options, answer, args);
  if (isDirect(options)) {
    return { query, responseSchema: options.answer, catchSchemaFailure: invalidResponse, providesTags };
  }
  return {
    query,
    rawResponseSchema: options.raw,
    transformResponse: options.transform,
    catchSchemaFailure: invalidResponse,
    providesTags,
  };
}
