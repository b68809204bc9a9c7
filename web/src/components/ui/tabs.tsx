// Tabs on Radix: arrow keys move between the tabs (Home and End to the ends), the panel follows the chosen tab, and
// each tab and panel carry the roles a screen reader announces.
import type { ComponentProps } from 'react';
import { Tabs as Radix } from 'radix-ui';
import { cn } from './class-names';

export const Tabs = Radix.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof Radix.List>) {
  return <Radix.List className={cn('flex flex-wrap gap-2 border-b border-slate-200', className)} {...props} />;
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof Radix.Trigger>) {
  return (
    <Radix.Trigger
      className={cn(
        '-mb-px border-b-2 border-transparent px-3 py-2 capitalize text-slate-600 hover:text-slate-900 data-[state=active]:border-brand-600 data-[state=active]:font-semibold data-[state=active]:text-slate-900',
        className,
      )}
      {...props}
    />
  );
}

export const TabsContent = Radix.Content;
