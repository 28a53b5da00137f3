import { formatContestDate, readContestDate } from '../../domain';
import { RUN_TEXT } from './messages';

/**
 * The cook-off's date in the run screen's header ('Sat, Nov 28, 2026'): the contest record's date, else
 * the one the run was started with; nothing when neither is a date.
 */
export function ContestDate({ contest, run }: { contest: unknown; run: unknown }) {
  const ymd = readContestDate(contest) ?? readContestDate(run);
  const text = formatContestDate(ymd);
  if (ymd === null || text === null) return null;
  return (
    <p className="pc-run__date">
      <span className="pc-visually-hidden">{RUN_TEXT.contestDate} </span>
      <time dateTime={ymd}>{text}</time>
    </p>
  );
}
