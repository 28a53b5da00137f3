import { StrictMode, lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router-dom';

const CookApp = lazy(() => import('cook_app/CookApp').then((m) => ({ default: m.CookApp })));
const AdminConsole = lazy(() => import('admin_console/AdminConsole').then((m) => ({ default: m.AdminConsole })));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Link to="/contests">contests</Link> <Link to="/admin/users">admin</Link>
      <Suspense fallback={<p>Loading</p>}>
        <Routes>
          <Route path="/" element={<h1>Welcome</h1>} />
          <Route path="/admin/*" element={<AdminConsole />} />
          <Route path="*" element={<CookApp />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  </StrictMode>,
);
