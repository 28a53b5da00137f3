import { useId, useMemo, useState, type FormEvent } from 'react';
import { Banner, Button, Modal, Spinner } from '@pitclock/design-system';
import { hhmmInZone, parseInstant, validateNote, ymdInZone } from '../../domain';
import {
  addStepNote,
  FAILURE_MESSAGES,
  getStepNotes,
  selectStepNotes,
  useCookDispatch,
  useCookSelector,
  type RunStep,
} from '../../store';
import { operationMessage } from '../../lib/operation-message';
import { useStoreLoad } from '../../lib/use-store-load';
import { RUN_TEXT } from './messages';

export type NotesDialogProps = {
  step: RunStep;
  now: () => number;
  timeZone: string;
  onClose: () => void;
};

/** 'HH:MM', with the date in front when it is not today. */
function noteTime(iso: string, nowMs: number, timeZone: string): string {
  const at = parseInstant(iso);
  if (at === null) return '';
  const day = ymdInZone(at, timeZone);
  const time = hhmmInZone(at, timeZone);
  return day === ymdInZone(nowMs, timeZone) ? time : `${day} ${time}`;
}

/** A step's notes, newest first with their time, and a form to add one (trimmed, not empty). */
export function NotesDialog({ step, now, timeZone, onClose }: NotesDialogProps) {
  const dispatch = useCookDispatch();
  const id = useId();
  const { loading, loadError } = useStoreLoad(
    (d) => d(getStepNotes(step.id)).unwrap(),
    FAILURE_MESSAGES.loadSteps,
    step.id,
  );
  const oldestFirst = useCookSelector((state) => selectStepNotes(state, step.id));
  const notes = useMemo(() => [...oldestFirst].reverse(), [oldestFirst]);
  const [body, setBody] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const nowMs = now();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setError(null);
    const checked = validateNote(body);
    if (!checked.ok) {
      setFieldError(checked.error);
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      await dispatch(addStepNote({ step_id: step.id, body: checked.value })).unwrap();
      setBody('');
    } catch (failure) {
      setError(operationMessage(failure, FAILURE_MESSAGES.saveNote));
    }
    setBusy(false);
  };

  return (
    <Modal open onClose={onClose} title={RUN_TEXT.notesTitle(step.name)} size="md">
      <div className="pc-run-dialog">
        {loadError ? <Banner tone="red">{loadError}</Banner> : null}
        {notes.length > 0 ? (
          <ol className="pc-run-notes" role="list" aria-label={RUN_TEXT.notes}>
            {notes.map((note) => (
              <li key={note.id} className="pc-run-notes__item">
                <time className="pc-run-notes__time" dateTime={note.created_at}>
                  {noteTime(note.created_at, nowMs, timeZone)}
                </time>
                <p className="pc-run-notes__body">{note.body}</p>
              </li>
            ))}
          </ol>
        ) : loading ? (
          <Spinner size="sm" label={RUN_TEXT.loading} />
        ) : (
          <p className="pc-run-notes__none">{RUN_TEXT.noNotes}</p>
        )}
        <form className="pc-run-notes__form" onSubmit={(event) => void submit(event)} noValidate>
          {error ? <Banner tone="red">{error}</Banner> : null}
          <div className={fieldError ? 'pc-field pc-field--invalid' : 'pc-field'}>
            <label htmlFor={`${id}-body`} className="pc-field__label">
              {RUN_TEXT.newNoteLabel}
            </label>
            <textarea
              id={`${id}-body`}
              className="pc-input pc-run-dialog__textarea"
              rows={3}
              value={body}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${id}-error` : undefined}
              onChange={(event) => {
                setBody(event.target.value);
                setFieldError(null);
              }}
            />
            {fieldError ? (
              <p id={`${id}-error`} className="pc-field__error">
                {fieldError}
              </p>
            ) : null}
          </div>
          <div className="pc-run-notes__actions">
            <Button type="submit" loading={busy}>
              {RUN_TEXT.addNote}
            </Button>
          </div>
        </form>
      </div>
    </Modal>
  );
}
