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
      {/* At least a screen tall: a page's content arriving after its data never pushes a visible footer down. */}
      <main className="min-h-screen flex-1">{children}</main>
      <Footer />
    </div>
  );
}
