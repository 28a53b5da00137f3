import { Link } from 'react-router-dom';

/** /signup: the account form arrives with the login issue; for now the title and its links. */
export function SignupPage() {
  return (
    <main className="shell-page">
      <h1>Create an account</h1>
      <p>
        Already have one? <Link to="/login">Sign in</Link>
      </p>
      <p>
        <Link to="/">Back to welcome</Link>
      </p>
    </main>
  );
}
