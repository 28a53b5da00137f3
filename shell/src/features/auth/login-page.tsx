import { Link } from 'react-router-dom';

/** /login: the sign-in form arrives with the login issue; for now the title and its links. */
export function LoginPage() {
  return (
    <main className="shell-page">
      <h1>Sign in</h1>
      <p>
        No account yet? <Link to="/signup">Create one</Link>
      </p>
      <p>
        <Link to="/">Back to welcome</Link>
      </p>
    </main>
  );
}
