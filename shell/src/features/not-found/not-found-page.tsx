import { Link } from 'react-router-dom';

/** Any path that no route matches (SPEC.md section 2). */
export function NotFoundPage() {
  return (
    <section className="shell-page" aria-labelledby="not-found-title">
      <h1 id="not-found-title">Page Not Found</h1>
      <p>The page you requested could not be found.</p>
      <p>
        <Link to="/">Go to the start page</Link>
      </p>
    </section>
  );
}
