import './placeholder-screen.css';

/** A titled screen that a later issue fills in. */
export function PlaceholderScreen({ title }: { title: string }) {
  return (
    <section className="admin-screen" aria-labelledby="admin-screen-title">
      <h1 id="admin-screen-title" className="admin-screen__title">
        {title}
      </h1>
    </section>
  );
}
