import { readContestDate } from '../../domain';
import { useDateFormat } from '../../lib/display-prefs';
import { RUN_TEXT } from './messages';

/**
 * The cook-off's date in the run screen's header, in the reader's locale ('Sat, Nov 28, 2026' en-US,
 * 'Sat, 28 Nov 2026' en-GB): the contest record's date, else
 * the one the run was started with; nothing when neither is a date.
 */
export function ContestDate({ contest, run }: { contest: unknown; run: unknown }) {
  const format = useDateFormat();
  const ymd = readContestDate(contest) ?? readContestDate(run);
  const text = format.contestDate(ymd);
  if (ymd === null || text === null) return null;
  return (
    <p className="pc-run__date">
      <span className="pc-visually-hidden">{RUN_TEXT.contestDate} </span>
      <time dateTime={ymd}>{text}</time>
    </p>
  );
}
