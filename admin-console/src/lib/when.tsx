import { formatLocalDateTime } from './format-time';

/** An ISO instant in a <time> element, as the local date and time; '—' when there is none. */
export function When({ iso }: { iso: string | null | undefined }) {
  const text = formatLocalDateTime(iso, '—');
  return iso && text !== '—' ? <time dateTime={iso}>{text}</time> : <>{text}</>;
}
