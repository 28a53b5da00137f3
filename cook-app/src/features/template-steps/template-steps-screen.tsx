import { useMemo, useRef, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Banner, ConfirmDialog, Spinner } from '@pitclock/design-system';
import {
  FAILURE_MESSAGES,
  getTemplateSteps,
  STORE_MESSAGES,
  templateSelectors,
  useCookSelector,
  type Template,
} from '../../store';
import { formatWallTime } from '../../domain';
import { useLocale } from '../../lib/display-prefs';
import { useStoreLoad } from '../../lib/use-store-load';
import { TEMPLATE_STEPS_TEXT } from './messages';
import { StepAddForm } from './step-add-form';
import { StepList } from './step-list';
import { stepsInDayOrder } from './step-timing';
import { useStepRemoval } from './use-step-removal';
import '../../lib/screen.css';
import './template-steps.css';

const TITLE_ID = 'pc-template-steps-title';

function ScreenFrame({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <section className="pc-screen pc-template-steps" aria-labelledby={TITLE_ID}>
      <Link to="/templates" className="pc-template-steps__back">
        <span aria-hidden="true">←</span>
        {TEMPLATE_STEPS_TEXT.back}
      </Link>
      <h1 id={TITLE_ID} className="pc-screen__title">
        {title}
      </h1>
      {children}
    </section>
  );
}

function TemplateMeta({ template }: { template: Template }) {
  const locale = useLocale();
  return (
    <>
      <p className="pc-template-steps__meta">
        <span>{template.category_name ?? TEMPLATE_STEPS_TEXT.noCategory}</span>
        {template.turn_in_time ? <span>Turn-in {formatWallTime(template.turn_in_time, locale)}</span> : null}
      </p>
      {template.turn_in_time ? null : (
        <p className="pc-template-steps__hint">{TEMPLATE_STEPS_TEXT.noTurnIn}</p>
      )}
    </>
  );
}

function Loading() {
  return (
    <ScreenFrame title={<span className="pc-visually-hidden">{TEMPLATE_STEPS_TEXT.loading}</span>}>
      <Spinner label={TEMPLATE_STEPS_TEXT.loading} />
    </ScreenFrame>
  );
}

function NotFound() {
  return (
    <ScreenFrame title={STORE_MESSAGES.itemNotFound}>
      <p className="pc-template-steps__hint">{TEMPLATE_STEPS_TEXT.notFoundHint}</p>
    </ScreenFrame>
  );
}

function TemplateSteps({
  template,
  loading,
  loadError,
}: {
  template: Template;
  loading: boolean;
  loadError: string | null;
}) {
  // In the order they happen on the day; steps due at the same time in the order they were added.
  const stored = useCookSelector((state) => state.template_steps);
  const steps = useMemo(
    () =>
      stepsInDayOrder(
        stored.ids.flatMap((id) => {
          const step = stored.entities[id];
          return step && step.template_id === template.id ? [step] : [];
        }),
        template,
      ),
    [stored, template],
  );
  const headingRef = useRef<HTMLHeadingElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const removal = useStepRemoval(headingRef);
  return (
    <ScreenFrame title={template.name}>
      <TemplateMeta template={template} />
      {loadError ? <Banner tone="red">{loadError}</Banner> : null}
      {removal.error ? (
        <Banner tone="red" onDismiss={removal.clearError}>
          {removal.error}
        </Banner>
      ) : null}
      <StepList
        template={template}
        steps={steps}
        loading={loading}
        headingRef={headingRef}
        onRemove={removal.ask}
        onAddFirst={() => nameRef.current?.focus()}
      />
      <StepAddForm templateId={template.id} nameRef={nameRef} />
      <ConfirmDialog
        open={removal.removing !== null}
        title={TEMPLATE_STEPS_TEXT.removeTitle}
        message={
          removal.removing ? TEMPLATE_STEPS_TEXT.removeQuestion(removal.removing.name, template.name) : ''
        }
        confirmLabel="Remove"
        destructive
        busy={removal.busy}
        onConfirm={() => void removal.confirm()}
        onCancel={removal.cancel}
      />
    </ScreenFrame>
  );
}

/** Template steps (/templates/:id/steps, SPEC.md section 2): one template's steps; add, edit, remove. */
export function TemplateStepsScreen() {
  const { id = '' } = useParams<{ id: string }>();
  const template = useCookSelector((state) => templateSelectors.selectById(state, id));
  const { loading, loadError } = useStoreLoad(
    (dispatch) => dispatch(getTemplateSteps(id)).unwrap(),
    FAILURE_MESSAGES.loadSteps,
    id,
  );
  if (template) {
    // Keyed: another template starts with an empty add form and no step in edit.
    return <TemplateSteps key={template.id} template={template} loading={loading} loadError={loadError} />;
  }
  return loading ? <Loading /> : <NotFound />;
}
