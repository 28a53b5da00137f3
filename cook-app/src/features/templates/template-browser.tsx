import { useMemo, useState } from 'react';
import { Tabs, TextField, type TabItem } from '@pitclock/design-system';
import { templatesForTab } from '../../domain';
import type { TemplateWithUsage } from '../../store';
import { TEMPLATES_TEXT } from './messages';
import { ActiveTemplates, ArchivedTemplates, type ReorderBlock } from './template-lists';
import { TemplateEditRow } from './template-edit-row';
import { TemplateRow, type TemplateRowActions } from './template-row';
import { moveId, type TemplateActions } from './use-template-actions';
import { useTemplateLookups } from './use-templates';

export type TemplateTab = 'active' | 'archived';

export type TemplateBrowserProps = {
  active: readonly TemplateWithUsage[];
  archived: readonly TemplateWithUsage[];
  tab: TemplateTab;
  onTabChange: (tab: TemplateTab) => void;
  actions: TemplateActions;
  onDelete: (template: TemplateWithUsage) => void;
};

/** Which row is being edited, and which Edit button gets the focus back when the edit ends. */
function useInlineEdit() {
  const [editingId, setEditingId] = useState<string | null>(null);
  const [returnFocusId, setReturnFocusId] = useState<string | null>(null);
  return {
    editingId,
    returnFocusId,
    start: (id: string) => {
      setReturnFocusId(null);
      setEditingId(id);
    },
    finish: () => {
      setReturnFocusId(editingId);
      setEditingId(null);
    },
    reset: () => {
      setReturnFocusId(null);
      setEditingId(null);
    },
    focusReturned: () => setReturnFocusId(null),
  };
}

type InlineEdit = ReturnType<typeof useInlineEdit>;

/** Renders a row of either tab: the inline edit form for the row being edited, else the template. */
function useRowRenderers(
  edit: InlineEdit,
  actions: TemplateActions,
  onDelete: TemplateRowActions['onDelete'],
) {
  const { categoriesById, stepCounts } = useTemplateLookups();
  const render = (template: TemplateWithUsage, rowActions: TemplateRowActions) =>
    edit.editingId === template.id ? (
      <TemplateEditRow template={template} onDone={edit.finish} onError={actions.setError} />
    ) : (
      <TemplateRow
        template={template}
        category={categoriesById.get(template.category_id ?? '')}
        stepCount={stepCounts[template.id] ?? 0}
        focusEdit={edit.returnFocusId === template.id}
        onEditFocused={edit.focusReturned}
        {...rowActions}
      />
    );
  return {
    active: (template: TemplateWithUsage) =>
      render(template, {
        onEdit: () => edit.start(template.id),
        onArchive: () => void actions.archive(template.id),
        onDelete,
      }),
    archived: (template: TemplateWithUsage) =>
      render(template, { onRestore: () => void actions.restore(template.id), onDelete }),
  };
}

/** Search, the Active and Archived tabs and their rows (SPEC.md section 2, Templates screen). */
export function TemplateBrowser({
  active,
  archived,
  tab,
  onTabChange,
  actions,
  onDelete,
}: TemplateBrowserProps) {
  const [query, setQuery] = useState('');
  const edit = useInlineEdit();
  const renderRow = useRowRenderers(edit, actions, onDelete);
  const shownActive = useMemo(() => templatesForTab(active, 'active', query), [active, query]);
  const shownArchived = useMemo(() => templatesForTab(archived, 'archived', query), [archived, query]);
  const block: ReorderBlock = query.trim() !== '' ? 'searching' : edit.editingId ? 'editing' : null;
  // Reordering is off while searching, so the list shown is the whole active list, in its order.
  const activeIds = shownActive.map((template) => template.id);
  const reorder = (from: number, to: number) => void actions.reorder(moveId(activeIds, from, to));

  const tabs: TabItem[] = [
    {
      id: 'active',
      label: 'Active',
      content: (
        <ActiveTemplates
          templates={shownActive}
          query={query}
          block={block}
          onReorder={reorder}
          renderRow={renderRow.active}
        />
      ),
    },
    {
      id: 'archived',
      label: 'Archived',
      content: <ArchivedTemplates templates={shownArchived} query={query} renderRow={renderRow.archived} />,
    },
  ];

  return (
    <div className="pc-templates-browser">
      <TextField
        type="search"
        label={TEMPLATES_TEXT.searchLabel}
        hideLabel
        placeholder={TEMPLATES_TEXT.searchPlaceholder}
        autoComplete="off"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        wrapperClassName="pc-templates-browser__search"
      />
      <Tabs
        items={tabs}
        label="Template lists"
        value={tab}
        onValueChange={(id) => {
          edit.reset();
          onTabChange(id === 'archived' ? 'archived' : 'active');
        }}
      />
    </div>
  );
}
