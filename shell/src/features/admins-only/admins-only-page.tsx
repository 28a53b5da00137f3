import { Link } from 'react-router-dom';

/**
 * An /admin/* path opened by a signed-in user who is not an admin. The admin console is not even
 * downloaded; the server refuses its calls anyway.
 */
export function AdminsOnlyPage() {
  return (
    <section className="shell-page" aria-labelledby="admins-only-title">
      <h1 id="admins-only-title">Admins only</h1>
      <p>This page is for PitClock administrators. Your account does not have admin rights.</p>
      <p>
        <Link to="/contests">Go to your cook-offs</Link>
      </p>
    </section>
  );
}
