import { useRef, useState, type FormEvent } from 'react';
import { Banner, Button, IconButton, Select, SidePanel, TimeInput, TrashIcon } from '@pitclock/design-system';
import {
  attachTemplate,
  detachTemplate,
  selectActiveTemplates,
  selectContestAttachments,
  templateSelectors,
  useCookDispatch,
  useCookSelector,
  type Contest,
} from '../../store';
import { operationMessage } from '../../lib/operation-message';

export type ManageTemplatesPanelProps = { contest: Contest; onClose: () => void };

/** 'Manage templates' (SPEC.md section 2): attached templates with override and remove; Add templates. */
export function ManageTemplatesPanel({ contest, onClose }: ManageTemplatesPanelProps) {
  const dispatch = useCookDispatch();
  const attachments = useCookSelector((s) => selectContestAttachments(s, contest.id));
  const templates = useCookSelector(templateSelectors.selectEntities);
  const active = useCookSelector(selectActiveTemplates);
  const [templateId, setTemplateId] = useState('');
  const [override, setOverride] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const templateSelect = useRef<HTMLSelectElement>(null);

  const attach = async (template_id: string, override_turn_in_time: string) => {
    setError(null);
    try {
      await dispatch(
        attachTemplate({
          contest_id: contest.id,
          template_id,
          override_turn_in_time: override_turn_in_time === '' ? null : override_turn_in_time,
        }),
      ).unwrap();
      return true;
    } catch (failure) {
      setError(operationMessage(failure, 'Failed to attach template locally'));
      return false;
    }
  };
  const detach = async (template_id: string) => {
    setError(null);
    try {
      await dispatch(detachTemplate({ contest_id: contest.id, template_id })).unwrap();
    } catch (failure) {
      setError(operationMessage(failure, 'Failed to detach template locally'));
    }
  };
  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (templateId === '' || busy) return;
    setBusy(true);
    if (await attach(templateId, override)) {
      setTemplateId('');
      setOverride('');
      // The Add button disables itself: keep focus in the panel, ready for the next template.
      templateSelect.current?.focus();
    }
    setBusy(false);
  };

  return (
    <SidePanel open onClose={onClose} title="Manage templates" size="md" className="pc-contests-panel">
      <p className="pc-contests-panel__contest">{contest.name}</p>
      {error ? <Banner tone="red">{error}</Banner> : null}
      <section aria-labelledby="pc-contests-attached">
        <h3 id="pc-contests-attached" className="pc-contests-panel__heading">
          Attached to this cook-off ({attachments.length})
        </h3>
        {attachments.length === 0 ? (
          <p className="pc-contests-panel__none">No templates attached yet.</p>
        ) : (
          <ul className="pc-contests-panel__list">
            {attachments.map((a) => {
              const template = templates[a.template_id];
              const name = template?.name ?? 'Unknown template';
              const turnIn = a.override_turn_in_time ?? template?.turn_in_time ?? '—';
              return (
                <li key={a.id} className="pc-contests-panel__item" aria-label={name}>
                  <div className="pc-contests-panel__item-head">
                    <span className="pc-contests-panel__name">{name}</span>
                    <span className="pc-contests-panel__turn-in">
                      Turn-in {turnIn}
                      {a.override_turn_in_time ? ' (override)' : ''}
                    </span>
                  </div>
                  <div className="pc-contests-panel__item-controls">
                    <TimeInput
                      label={`Override turn-in of ${name} (HH:MM)`}
                      hideLabel
                      placeholder="HH:MM"
                      value={a.override_turn_in_time ?? ''}
                      onValueChange={(value) => void attach(a.template_id, value)}
                    />
                    <IconButton
                      label={`Remove ${name}`}
                      icon={<TrashIcon />}
                      onClick={() => void detach(a.template_id)}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      <section aria-labelledby="pc-contests-add-templates">
        <h3 id="pc-contests-add-templates" className="pc-contests-panel__heading">
          Add templates
        </h3>
        <form className="pc-contests-panel__add" onSubmit={(e) => void add(e)}>
          <Select
            ref={templateSelect}
            label="Template"
            value={templateId}
            placeholder={active.length === 0 ? 'No templates yet' : 'Choose a template'}
            options={active.map((t) => ({
              value: t.id,
              label: t.turn_in_time ? `${t.name} (${t.turn_in_time})` : t.name,
            }))}
            onChange={(e) => setTemplateId(e.target.value)}
          />
          <TimeInput
            label="Override Turn-in (HH:MM)"
            placeholder="HH:MM"
            value={override}
            onValueChange={setOverride}
          />
          <Button type="submit" disabled={templateId === ''} loading={busy}>
            Add
          </Button>
        </form>
      </section>
    </SidePanel>
  );
}
