import { useState } from 'react';
import { Banner, Button, ConfirmDialog, PlusIcon, Spinner } from '@pitclock/design-system';
import {
  FAILURE_MESSAGES,
  getTemplates,
  selectActiveTemplates,
  selectArchivedTemplates,
  useCookSelector,
  type TemplateWithUsage,
} from '../../store';
import { useStoreLoad } from '../../lib/use-store-load';
import { useTeams } from '../../lib/teams/teams-source';
import { AddTemplateModal } from './add-template-modal';
import { FirstUseGuide } from './first-use-guide';
import { TEMPLATES_TEXT } from './messages';
import { TemplateBrowser, type TemplateTab } from './template-browser';
import { useTemplateActions, type TemplateActions } from './use-template-actions';
import '../../lib/screen.css';
import './templates.css';

type DeleteDialogProps = {
  template: TemplateWithUsage | null;
  actions: TemplateActions;
  onClose: () => void;
};

/** Asks before deleting a template for good; a failure shows in the screen's banner. */
function DeleteTemplateDialog({ template, actions, onClose }: DeleteDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    if (!template) return;
    setBusy(true);
    await actions.remove(template.id);
    setBusy(false);
    onClose();
  };
  return (
    <ConfirmDialog
      open={template !== null}
      title={TEMPLATES_TEXT.deleteTitle}
      message={template ? TEMPLATES_TEXT.deleteQuestion(template.name) : ''}
      confirmLabel="Delete"
      destructive
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}

/** The Templates screen (/templates, SPEC.md section 2). */
export function TemplatesScreen() {
  const { loading, loadError } = useStoreLoad(
    (dispatch) => dispatch(getTemplates()).unwrap(),
    FAILURE_MESSAGES.loadTemplates,
  );
  const active = useCookSelector(selectActiveTemplates);
  const archived = useCookSelector(selectArchivedTemplates);
  const actions = useTemplateActions();
  // The teams are read here only for the badges of shared templates (the edit row reads them itself).
  useTeams({ when: [...active, ...archived].some((template) => Boolean(template.team_id)) });
  const [tab, setTab] = useState<TemplateTab>('active');
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<TemplateWithUsage | null>(null);
  const none = active.length === 0 && archived.length === 0;

  return (
    <section className="pc-screen pc-templates" aria-labelledby="pc-templates-title">
      <header className="pc-screen__header">
        <h1 id="pc-templates-title" className="pc-screen__title">
          {TEMPLATES_TEXT.title}
        </h1>
        <Button icon={<PlusIcon />} onClick={() => setAdding(true)}>
          Add Template
        </Button>
      </header>

      {loadError ? <Banner tone="red">{loadError}</Banner> : null}
      {actions.error ? (
        <Banner tone="red" onDismiss={() => actions.setError(null)}>
          {actions.error}
        </Banner>
      ) : null}

      {loading && none ? (
        <Spinner label="Loading templates" />
      ) : none ? (
        loadError ? null : (
          <FirstUseGuide onCreate={() => setAdding(true)} />
        )
      ) : (
        <TemplateBrowser
          active={active}
          archived={archived}
          tab={tab}
          onTabChange={setTab}
          actions={actions}
          onDelete={setDeleting}
        />
      )}

      <AddTemplateModal open={adding} onClose={() => setAdding(false)} onCreated={() => setTab('active')} />
      <DeleteTemplateDialog template={deleting} actions={actions} onClose={() => setDeleting(null)} />
    </section>
  );
}
