import { Route, Routes } from 'react-router-dom';

export function CookApp() {
  return (
    <Routes>
      <Route path="/contests" element={<h1>Cook-off</h1>} />
      <Route path="*" element={<h1>Other</h1>} />
    </Routes>
  );
}
