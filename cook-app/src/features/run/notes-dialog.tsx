import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod/mini';
import { Banner, Button, Modal, Spinner } from '@pitclock/design-system';
import { noteSchema, parseInstant, ymdInZone } from '../../domain';
import {
  addStepNote,
  FAILURE_MESSAGES,
  getStepNotes,
  selectStepNotes,
  useCookDispatch,
  useCookSelector,
  type RunStep,
} from '../../store';
import { useDateFormat, type DateFormat } from '../../lib/display-prefs';
import { operationMessage } from '../../lib/operation-message';
import { useStoreLoad } from '../../lib/use-store-load';
import { unlessSubmitting } from '../../lib/form-fields';
import { RUN_TEXT } from './messages';

const noteFormSchema = z.object({ body: noteSchema });
type NoteValues = z.output<typeof noteFormSchema>;

export type NotesDialogProps = {
  step: RunStep;
  now: () => number;
  timeZone: string;
  onClose: () => void;
};

/** The time in the reader's locale ('1:55 PM', '13:55'), with the date when it is not today ('26 Nov 2026, 13:55'). */
function noteTime(iso: string, nowMs: number, timeZone: string, format: DateFormat): string {
  const at = parseInstant(iso);
  if (at === null) return '';
  return ymdInZone(at, timeZone) === ymdInZone(nowMs, timeZone)
    ? format.clock(at, timeZone)
    : format.dateTime(at, timeZone);
}

/**
 * A step's notes, newest first with their time, and a form to add one (trimmed, not empty; the error shows
 * from a submit until the note changes).
 */
export function NotesDialog({ step, now, timeZone, onClose }: NotesDialogProps) {
  const dispatch = useCookDispatch();
  const id = useId();
  const format = useDateFormat();
  const { loading, loadError } = useStoreLoad(
    (d) => d(getStepNotes(step.id)).unwrap(),
    FAILURE_MESSAGES.loadSteps,
    step.id,
  );
  const oldestFirst = useCookSelector((state) => selectStepNotes(state, step.id));
  const notes = useMemo(() => [...oldestFirst].reverse(), [oldestFirst]);
  const [error, setError] = useState<string | null>(null);
  const { register, handleSubmit, clearErrors, reset, formState } = useForm<
    z.input<typeof noteFormSchema>,
    unknown,
    NoteValues
  >({
    resolver: zodResolver(noteFormSchema),
    defaultValues: { body: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const fieldError = formState.errors.body?.message;
  const nowMs = now();

  const add = async ({ body }: NoteValues) => {
    try {
      await dispatch(addStepNote({ step_id: step.id, body })).unwrap();
      reset();
    } catch (failure) {
      setError(operationMessage(failure, FAILURE_MESSAGES.saveNote));
    }
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
                  {noteTime(note.created_at, nowMs, timeZone, format)}
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
        <form
          className="pc-run-notes__form"
          onSubmit={unlessSubmitting(formState.isSubmitting, (event) => {
            setError(null);
            return handleSubmit(add)(event);
          })}
          noValidate
        >
          {error ? <Banner tone="red">{error}</Banner> : null}
          <div className={fieldError ? 'pc-field pc-field--invalid' : 'pc-field'}>
            <label htmlFor={`${id}-body`} className="pc-field__label">
              {RUN_TEXT.newNoteLabel}
            </label>
            <textarea
              {...register('body', { onChange: () => clearErrors('body') })}
              id={`${id}-body`}
              className="pc-input pc-run-dialog__textarea"
              rows={3}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? `${id}-error` : undefined}
            />
            {fieldError ? (
              <p id={`${id}-error`} className="pc-field__error">
                {fieldError}
              </p>
            ) : null}
          </div>
          <div className="pc-run-notes__actions">
            <Button type="submit" loading={formState.isSubmitting}>
              {RUN_TEXT.addNote}
            </Button>
          </div>
        </form>
      </div>
    </Modal>
  );
}
