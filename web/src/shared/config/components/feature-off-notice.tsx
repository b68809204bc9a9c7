// What a page shows in place of a feature an admin turned off: the server's own refusal, and what is still possible.
import type { ReactNode } from 'react';
import { FEATURE_OFF_TEXT, type FeatureToggle } from '@app/shared';

export function FeatureOffNotice({ feature, children }: { feature: FeatureToggle; children?: ReactNode }) {
  return (
    <div
      role="status"
      className="mt-4 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
      data-testid={`feature-off-${feature}`}
    >
      <p className="font-semibold">{FEATURE_OFF_TEXT[feature]}.</p>
      {children && <p className="mt-1">{children}</p>}
    </div>
  );
}
