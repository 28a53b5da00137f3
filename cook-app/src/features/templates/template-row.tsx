import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Badge, Button, EditIcon, IconButton, TrashIcon } from '@pitclock/design-system';
import { canArchiveTemplate, canDeleteTemplate, categoryOwnerLabel } from '../../domain';
import type { Category, TemplateWithUsage } from '../../store';
import { useLocale } from '../../lib/display-prefs';
import { TeamBadge } from '../../lib/teams/share-with-team-field';
import { useTeamsView } from '../../lib/teams/teams-source';
import { stepCountText, turnInText, usageText } from './messages';

/** What a row offers; an action left out is not shown (the archived tab offers Restore and Delete). */
export type TemplateRowActions = {
  onEdit?: (template: TemplateWithUsage) => void;
  onArchive?: (template: TemplateWithUsage) => void;
  onRestore?: (template: TemplateWithUsage) => void;
  onDelete: (template: TemplateWithUsage) => void;
};

export type TemplateRowProps = TemplateRowActions & {
  template: TemplateWithUsage;
  category: Category | undefined;
  stepCount: number;
  /** Focus the Edit button (keyboard users come back to it after an inline edit), then call onEditFocused. */
  focusEdit?: boolean;
  onEditFocused?: () => void;
};

/** One template: name linking to its steps, step count, category with Yours/Global, turn-in, usage, actions. */
export function TemplateRow({
  template,
  category,
  stepCount,
  focusEdit = false,
  onEditFocused,
  ...actions
}: TemplateRowProps) {
  const teams = useTeamsView();
  const locale = useLocale();
  return (
    <div className="pc-templates-row">
      <div className="pc-templates-row__summary">
        <p className="pc-templates-row__heading">
          <Link className="pc-templates-row__name" to={`/templates/${template.id}/steps`}>
            {template.name}
          </Link>
          <span className="pc-templates-row__steps">{stepCountText(stepCount)}</span>
          <TeamBadge teamId={template.team_id} teams={teams} />
        </p>
        <p className="pc-templates-row__meta">
          <CategoryLabel name={template.category_name} category={category} />
          <span>{turnInText(template.turn_in_time, locale)}</span>
          <span>{usageText(template)}</span>
        </p>
      </div>
      <RowActions template={template} focusEdit={focusEdit} onEditFocused={onEditFocused} {...actions} />
    </div>
  );
}

function CategoryLabel({ name, category }: { name: string | null; category: Category | undefined }) {
  if (!name) return <span>No category</span>;
  const owner = category ? categoryOwnerLabel(category) : null;
  return (
    <span className="pc-templates-row__category">
      {name}
      {owner ? <Badge tone={owner === 'Yours' ? 'accent' : 'neutral'}>{owner}</Badge> : null}
    </span>
  );
}

type RowActionsProps = TemplateRowActions &
  Pick<TemplateRowProps, 'onEditFocused'> & { template: TemplateWithUsage; focusEdit: boolean };

function RowActions({ template, focusEdit, onEditFocused, ...actions }: RowActionsProps) {
  const { onEdit, onArchive, onRestore, onDelete } = actions;
  const { name } = template;
  const editRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!focusEdit) return;
    editRef.current?.focus();
    onEditFocused?.();
  }, [focusEdit, onEditFocused]);
  return (
    <div className="pc-templates-row__actions">
      {onRestore ? (
        <Button variant="secondary" aria-label={`Restore ${name}`} onClick={() => onRestore(template)}>
          Restore
        </Button>
      ) : null}
      {onEdit ? (
        <IconButton
          ref={editRef}
          label={`Edit ${name}`}
          icon={<EditIcon />}
          onClick={() => onEdit(template)}
        />
      ) : null}
      {onArchive && canArchiveTemplate(template) ? (
        <Button variant="secondary" aria-label={`Archive ${name}`} onClick={() => onArchive(template)}>
          Archive
        </Button>
      ) : null}
      {canDeleteTemplate(template) ? (
        <IconButton
          label={`Delete ${name}`}
          icon={<TrashIcon />}
          variant="danger"
          onClick={() => onDelete(template)}
        />
      ) : null}
    </div>
  );
}
