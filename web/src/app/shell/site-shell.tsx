import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Header } from './header';
import { Footer } from './footer';

export function SiteShell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // Header and footer are hidden on the sign-in page only (spec).
  if (pathname === '/login') return <>{children}</>;
  return (
    <div className="flex min-h-screen flex-col">
      <Header />
      <main className="flex-1">{children}</main>
      <Footer />
    </div>
  );
}
