import type { ReactNode } from 'react';
import { EmptyState } from '@pitclock/design-system';
import { SortableList } from '@pitclock/design-system/sortable-list';
import type { TemplateWithUsage } from '../../store';
import { TEMPLATES_TEXT } from './messages';

/** Why reordering is off, if it is. */
export type ReorderBlock = 'searching' | 'editing' | null;

type ListProps = {
  /** The templates to show (already filtered by the search). */
  templates: readonly TemplateWithUsage[];
  query: string;
  renderRow: (template: TemplateWithUsage) => ReactNode;
};

const templateId = (template: TemplateWithUsage) => template.id;
const templateName = (template: TemplateWithUsage) => template.name;

function reorderHint(block: ReorderBlock): string {
  if (block === 'searching') return TEMPLATES_TEXT.reorderWhileSearching;
  if (block === 'editing') return TEMPLATES_TEXT.reorderWhileEditing;
  return TEMPLATES_TEXT.reorderHint;
}

/** The Active tab: templates in their order, reordered by drag or keyboard unless `block` says why not. */
export function ActiveTemplates({
  templates,
  query,
  block,
  onReorder,
  renderRow,
}: ListProps & { block: ReorderBlock; onReorder: (fromIndex: number, toIndex: number) => void }) {
  if (templates.length === 0) {
    const text = query.trim() ? TEMPLATES_TEXT.noMatch(query) : TEMPLATES_TEXT.allArchived;
    return <EmptyState title={TEMPLATES_TEXT.noneFound} text={text} />;
  }
  return (
    <div className="pc-templates-tab">
      {templates.length > 1 ? (
        <p className="pc-templates__hint" aria-live="polite">
          {reorderHint(block)}
        </p>
      ) : null}
      <SortableList
        items={templates}
        getId={templateId}
        getLabel={templateName}
        renderItem={renderRow}
        onReorder={onReorder}
        label="Active templates"
        disabled={block !== null}
      />
    </div>
  );
}

/** The Archived tab: Restore (and Delete once nothing uses the template any more). */
export function ArchivedTemplates({ templates, query, renderRow }: ListProps) {
  if (templates.length === 0) {
    return query.trim() ? (
      <EmptyState title={TEMPLATES_TEXT.noneFound} text={TEMPLATES_TEXT.noMatch(query)} />
    ) : (
      <EmptyState title={TEMPLATES_TEXT.noArchived} text={TEMPLATES_TEXT.archivedHint} />
    );
  }
  return (
    <ul className="pc-templates-archived" aria-label="Archived templates">
      {templates.map((template) => (
        <li key={template.id} className="pc-templates-archived__item">
          {renderRow(template)}
        </li>
      ))}
    </ul>
  );
}
