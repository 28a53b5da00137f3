import { Route, Routes } from 'react-router-dom';

export function AdminConsole() {
  return (
    <Routes>
      <Route path="/admin/users" element={<h1>Users</h1>} />
    </Routes>
  );
}
