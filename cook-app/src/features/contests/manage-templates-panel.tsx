import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod/mini';
import { Banner, Button, IconButton, Select, SidePanel, TimeInput, TrashIcon } from '@pitclock/design-system';
import { formatWallTime, turnInTimeSchema } from '../../domain';
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
import { useLocale } from '../../lib/display-prefs';
import { operationMessage } from '../../lib/operation-message';
import { unlessSubmitting } from '../../lib/form-fields';

/** Add templates: a template to attach, with an optional override of its turn-in (the committed time). */
const attachFormSchema = z.object({
  template_id: z.string().check(z.minLength(1)),
  override_turn_in_time: turnInTimeSchema,
});
type AttachValues = z.output<typeof attachFormSchema>;

export type ManageTemplatesPanelProps = { contest: Contest; onClose: () => void };

/** 'Manage templates' (SPEC.md section 2): attached templates with override and remove; Add templates. */
export function ManageTemplatesPanel({ contest, onClose }: ManageTemplatesPanelProps) {
  const dispatch = useCookDispatch();
  const locale = useLocale();
  const attachments = useCookSelector((s) => selectContestAttachments(s, contest.id));
  const templates = useCookSelector(templateSelectors.selectEntities);
  const active = useCookSelector(selectActiveTemplates);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<z.input<typeof attachFormSchema>, unknown, AttachValues>({
    resolver: zodResolver(attachFormSchema),
    defaultValues: { template_id: '', override_turn_in_time: '' },
    shouldFocusError: false,
  });
  const busy = form.formState.isSubmitting;
  const chosen = attachFormSchema.safeParse(useWatch({ control: form.control })).success;

  const attach = async (template_id: string, override_turn_in_time: string | null) => {
    setError(null);
    try {
      await dispatch(attachTemplate({ contest_id: contest.id, template_id, override_turn_in_time })).unwrap();
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
  const add = async (values: AttachValues) => {
    if (await attach(values.template_id, values.override_turn_in_time)) {
      // The Add button disables itself: keep focus in the panel, ready for the next template.
      form.reset(undefined, { keepFieldsRef: true });
      form.setFocus('template_id');
    }
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
              const stored = a.override_turn_in_time ?? template?.turn_in_time;
              const turnIn = stored ? formatWallTime(stored, locale) : '—';
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
                      onValueChange={(value) => void attach(a.template_id, value === '' ? null : value)}
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
        <form className="pc-contests-panel__add" onSubmit={unlessSubmitting(busy, form.handleSubmit(add))}>
          <Controller
            control={form.control}
            name="template_id"
            render={({ field }) => (
              <Select
                {...field}
                label="Template"
                placeholder={active.length === 0 ? 'No templates yet' : 'Choose a template'}
                options={active.map((t) => ({
                  value: t.id,
                  label: t.turn_in_time ? `${t.name} (${formatWallTime(t.turn_in_time, locale)})` : t.name,
                }))}
              />
            )}
          />
          <Controller
            control={form.control}
            name="override_turn_in_time"
            render={({ field }) => (
              <TimeInput
                ref={field.ref}
                name={field.name}
                value={field.value ?? ''}
                onValueChange={field.onChange}
                label="Override Turn-in (HH:MM)"
                placeholder="HH:MM"
              />
            )}
          />
          <Button type="submit" disabled={!chosen} loading={busy}>
            Add
          </Button>
        </form>
      </section>
    </SidePanel>
  );
}
