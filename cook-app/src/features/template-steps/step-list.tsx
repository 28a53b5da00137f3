import type { RefObject } from 'react';
import { Button, EmptyState, Spinner } from '@pitclock/design-system';
import type { Template, TemplateStep } from '../../store';
import { TEMPLATE_STEPS_TEXT } from './messages';
import { StepItem } from './step-item';

const LIST_TITLE_ID = 'pc-template-steps-list-title';

export type StepListProps = {
  template: Template;
  /** In the order they happen on the day (stepsInDayOrder). */
  steps: TemplateStep[];
  loading: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onRemove: (step: TemplateStep) => void;
  onAddFirst: () => void;
};

function NoSteps({ onAddFirst }: { onAddFirst: () => void }) {
  return (
    <EmptyState
      className="pc-template-steps-empty"
      headingLevel={3}
      title={TEMPLATE_STEPS_TEXT.emptyTitle}
      text={TEMPLATE_STEPS_TEXT.emptyHint}
      action={
        <Button variant="secondary" onClick={onAddFirst}>
          {TEMPLATE_STEPS_TEXT.emptyAction}
        </Button>
      }
    />
  );
}

/** The 'Steps' section: an ordered list named by its heading, a spinner, or the empty state. */
export function StepList({ template, steps, loading, headingRef, onRemove, onAddFirst }: StepListProps) {
  return (
    <section className="pc-template-steps__steps" aria-labelledby={LIST_TITLE_ID}>
      <h2 id={LIST_TITLE_ID} ref={headingRef} tabIndex={-1} className="pc-template-steps__subtitle">
        {TEMPLATE_STEPS_TEXT.stepsHeading}
      </h2>
      {steps.length > 0 ? (
        <>
          <p className="pc-template-steps__hint">{TEMPLATE_STEPS_TEXT.stepsOrder}</p>
          {/* role="list": Safari drops list semantics of a list styled without markers. */}
          <ol className="pc-template-steps-list" role="list" aria-labelledby={LIST_TITLE_ID}>
            {steps.map((step) => (
              <StepItem
                key={step.id}
                step={step}
                templateTurnIn={template.turn_in_time}
                onRemove={onRemove}
              />
            ))}
          </ol>
        </>
      ) : loading ? (
        <Spinner label={TEMPLATE_STEPS_TEXT.loading} />
      ) : (
        <NoSteps onAddFirst={onAddFirst} />
      )}
    </section>
  );
}
