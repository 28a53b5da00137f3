import { Link } from 'react-router-dom';
import { Button, PlusIcon } from '@pitclock/design-system';
import { TEMPLATES_TEXT } from './messages';

/** Shown when there are no templates at all: what a template is for and how to get going. */
export function FirstUseGuide({ onCreate }: { onCreate: () => void }) {
  return (
    <section className="pc-empty-state pc-templates-first-use" aria-labelledby="pc-templates-first-use-title">
      <h2 id="pc-templates-first-use-title" className="pc-empty-state__title">
        {TEMPLATES_TEXT.firstUseTitle}
      </h2>
      <p className="pc-empty-state__text">
        A timing template is the plan of one meat, from trimming to turn-in, reused at every cook-off.
      </p>
      <ol className="pc-templates-guide" aria-label="Quick start">
        <li>
          Create a template for each meat you cook (chicken, ribs, pork, brisket) with its turn-in time.
        </li>
        <li>Open a template and add its steps, each with the minutes before turn-in it is due.</li>
        <li>
          On <Link to="/contests">Cook-offs</Link>, attach your templates to the cook-off you are entering.
        </li>
        <li>On the day, start the cook-off: every step is scheduled and you are alerted when one is due.</li>
      </ol>
      <div className="pc-empty-state__action">
        <Button icon={<PlusIcon />} onClick={onCreate}>
          Create Template
        </Button>
      </div>
    </section>
  );
}
