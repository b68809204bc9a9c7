import { beforeEach, expect, it } from 'vitest';
import { toast, useToasts } from '../src/lib/toast';

beforeEach(() => useToasts.setState({ current: null, open: false }));

it('replaces the toast on screen with a new one', () => {
  toast({ title: 'Outbid' });
  toast({ title: 'Bid Alert' });
  expect(useToasts.getState().current?.title).toBe('Bid Alert');
});

it('keeps the toast on screen when a second one brings the same news, and shows it once the first is gone', () => {
  toast({ title: 'Purchase Successful!', topic: '/transaction/7' });
  toast({ title: 'You won', topic: '/transaction/7', pushed: true });
  expect(useToasts.getState().current?.title).toBe('Purchase Successful!');
  toast({ title: 'Outbid', topic: '/listing/8' });
  expect(useToasts.getState().current?.title).toBe('Outbid');
  useToasts.getState().dismiss();
  toast({ title: 'Outbid again', topic: '/listing/8' });
  expect(useToasts.getState().current?.title).toBe('Outbid again');
});

it("shows the tab's own answer even when the pushed notice of the same news came first", () => {
  toast({ title: 'You won', topic: '/transaction/7', pushed: true });
  toast({ title: 'Purchase Successful!', topic: '/transaction/7' });
  expect(useToasts.getState().current?.title).toBe('Purchase Successful!');
  toast({ title: 'You won', topic: '/transaction/7', pushed: true });
  expect(useToasts.getState().current?.title).toBe('Purchase Successful!');
});

it("keeps the tab's own answer through every pushed notice about the same sale", () => {
  toast({ title: 'Purchase Successful!', topic: '/transaction/7' });
  toast({ title: 'Escrow updated', topic: '/transaction/7', pushed: true, step: true });
  toast({ title: 'You won', topic: '/transaction/7', pushed: true });
  expect(useToasts.getState().current?.title).toBe('Purchase Successful!');
});

it('keeps "You won" on screen when an escrow step of the same sale follows, and lets "You won" replace a step', () => {
  toast({ title: 'You won', topic: '/transaction/7', pushed: true });
  toast({ title: 'Escrow updated', topic: '/transaction/7', pushed: true, step: true });
  expect(useToasts.getState().current?.title).toBe('You won');
  useToasts.getState().dismiss();
  toast({ title: 'Escrow updated', topic: '/transaction/7', pushed: true, step: true });
  toast({ title: 'You won', topic: '/transaction/7', pushed: true });
  expect(useToasts.getState().current?.title).toBe('You won');
  // A step of another sale is news of its own.
  toast({ title: 'Escrow updated', topic: '/transaction/8', pushed: true, step: true });
  expect(useToasts.getState().current?.topic).toBe('/transaction/8');
});
