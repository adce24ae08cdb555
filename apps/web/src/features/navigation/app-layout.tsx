// Placeholder: navigation bar around the signed-in screens.
import { Outlet } from 'react-router';

export function AppLayout() {
  return (
    <div className="app-layout">
      <main className="app-layout__main">
        <Outlet />
      </main>
    </div>
  );
}
