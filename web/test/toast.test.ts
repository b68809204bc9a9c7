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
  toast({ title: 'You won', topic: '/transaction/7' });
  expect(useToasts.getState().current?.title).toBe('Purchase Successful!');
  toast({ title: 'Outbid', topic: '/listing/8' });
  expect(useToasts.getState().current?.title).toBe('Outbid');
  useToasts.getState().dismiss();
  toast({ title: 'Outbid again', topic: '/listing/8' });
  expect(useToasts.getState().current?.title).toBe('Outbid again');
});
