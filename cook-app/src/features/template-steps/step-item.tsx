import { Badge, EditIcon, IconButton, TrashIcon } from '@pitclock/design-system';
import { formatWallTime } from '../../domain';
import type { TemplateStep } from '../../store';
import { useLocale } from '../../lib/display-prefs';
import { useInlineEdit } from '../../lib/use-inline-edit';
import { TEMPLATE_STEPS_TEXT } from './messages';
import { StepEditForm } from './step-edit-form';
import { describeMinutesBefore, describeWallClock, stepTurnIn, stepWallClock } from './step-timing';

export type StepItemProps = {
  step: TemplateStep;
  templateTurnIn: string | null;
  onRemove: (step: TemplateStep) => void;
};

function StepWhen({ step, templateTurnIn }: Omit<StepItemProps, 'onRemove'>) {
  const locale = useLocale();
  const wall = stepWallClock(stepTurnIn(step, templateTurnIn), step.minutes_before_turn_in);
  return (
    <p className="pc-template-steps-item__when">
      {wall ? (
        <time className="pc-template-steps-item__clock" dateTime={wall.time}>
          {describeWallClock(wall, locale)}
        </time>
      ) : null}
      <span className="pc-template-steps-item__offset">
        {describeMinutesBefore(step.minutes_before_turn_in)}
      </span>
    </p>
  );
}

/** One step of the list: when it happens, its name and description, Edit and Remove; or its edit form. */
export function StepItem({ step, templateTurnIn, onRemove }: StepItemProps) {
  const { editing, editButtonRef, start, stop } = useInlineEdit();
  const locale = useLocale();

  if (editing) {
    return (
      <li className="pc-template-steps-item pc-template-steps-item--editing">
        <StepEditForm step={step} onDone={stop} />
      </li>
    );
  }
  return (
    <li className="pc-template-steps-item">
      <StepWhen step={step} templateTurnIn={templateTurnIn} />
      <div className="pc-template-steps-item__body">
        <h3 className="pc-template-steps-item__name">{step.name}</h3>
        {step.description ? (
          <p className="pc-template-steps-item__description">{step.description}</p>
        ) : (
          <p className="pc-template-steps-item__description pc-template-steps-item__description--none">
            {TEMPLATE_STEPS_TEXT.noDescription}
          </p>
        )}
        {step.turn_in_time ? (
          <Badge tone="info">
            {TEMPLATE_STEPS_TEXT.ownTurnInBadge(formatWallTime(step.turn_in_time, locale))}
          </Badge>
        ) : null}
      </div>
      <div className="pc-template-steps-item__actions">
        <IconButton ref={editButtonRef} label={`Edit ${step.name}`} icon={<EditIcon />} onClick={start} />
        <IconButton label={`Remove ${step.name}`} icon={<TrashIcon />} onClick={() => onRemove(step)} />
      </div>
    </li>
  );
}
