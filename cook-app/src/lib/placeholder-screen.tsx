import './screen.css';

/** A titled screen that a later issue fills in. */
export function PlaceholderScreen({ title }: { title: string }) {
  return (
    <section className="pc-screen" aria-labelledby="cook-screen-title">
      <h1 id="cook-screen-title" className="pc-screen__title">
        {title}
      </h1>
    </section>
  );
}
