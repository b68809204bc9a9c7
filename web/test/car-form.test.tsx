// The sell form's first step tells the page of every change to the car, so a valuation of the car as it was is dropped.
import { afterEach, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { CarForm } from '../src/features/selling/components/car-form';
import { createQueryClient } from '../src/app/query-client';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('reports each change to the car, typed or chosen, and none before the first', () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ trims: [] }))),
  );
  const onChanged = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CarForm
        photos={{ count: 0, uploading: false }}
        pending={false}
        valuing
        onValue={vi.fn()}
        onChanged={onChanged}
      />
    </QueryClientProvider>,
  );
  expect(onChanged).not.toHaveBeenCalled();
  fireEvent.input(screen.getByTestId('sub-model'), { target: { value: '911' } });
  expect(onChanged).toHaveBeenCalledTimes(1);
  fireEvent.change(screen.getByTestId('sub-category'), { target: { value: 'suv' } });
  expect(onChanged).toHaveBeenCalledTimes(2);
});
