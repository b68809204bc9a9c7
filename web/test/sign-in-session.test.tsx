// Signing in while the page's first session read is still on its way: that read was sent without the new cookie and
// answers "nobody"; it must not sign the header out again when it lands after the sign-in.
import { expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { AccountMenu, LoginPage } from '../src/features/account';
import { useMe } from '../src/shared/session';
import { renderRoutes, resetAfterEach } from './support/render-routes';

resetAfterEach();

const dana = { id: 1, name: 'Dana Dealer', email: 'dana@example.test', isPremium: false };

function FollowsSession() {
  useMe();
  return null;
}

it('keeps the member signed in when a session read sent before the sign-in answers after it', async () => {
  let answerStaleRead!: () => void;
  const staleRead = new Promise<Response>((resolve) => {
    answerStaleRead = () => resolve(Response.json({ user: null, admin: null }));
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      if (url === '/api/auth/session') return staleRead;
      if (url === '/api/auth/login') return Response.json({ user: dana });
      return Response.json({ error: 'Not found' }, { status: 404 });
    }),
  );
  renderRoutes(
    [
      {
        path: '/login',
        element: (
          <>
            <FollowsSession />
            <LoginPage />
          </>
        ),
      },
      { path: '/dashboard', element: <AccountMenu /> },
    ],
    '/login',
  );
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: dana.email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a-long-enough-password-1' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect((await screen.findByTestId('signed-in-user')).textContent).toBe(dana.name);

  answerStaleRead();
  await new Promise((r) => setTimeout(r, 50));
  expect(screen.getByTestId('signed-in-user').textContent).toBe(dana.name);
});
