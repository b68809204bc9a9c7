// The wizard's draft on the server, per user: loaded once into the form, saved shortly after each change, so a reload
// (or another device) finds the form as it was left. `saved` tells the page (and its tests) the latest change is stored.
import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { TradeInDraft } from '@app/shared';
import { loadDraft, saveDraft } from '../api/trade-in';

const SAVE_DELAY_MS = 400;

export function useDraft(form: Pick<UseFormReturn<TradeInDraft>, 'reset' | 'watch' | 'getValues'>) {
  const { reset, watch, getValues } = form;
  const [loaded, setLoaded] = useState(false);
  const [saved, setSaved] = useState(true);

  useEffect(() => {
    let live = true;
    loadDraft()
      .then((d) => live && d && reset(d))
      .catch(() => undefined)
      .finally(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, [reset]);

  // Only changes made after the draft is in the form are saved: a half-loaded form never overwrites the stored one.
  useEffect(() => {
    if (!loaded) return;
    let version = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const { unsubscribe } = watch(() => {
      const mine = (version += 1);
      setSaved(false);
      clearTimeout(timer);
      timer = setTimeout(() => {
        saveDraft(getValues())
          .then(() => mine === version && setSaved(true))
          .catch(() => undefined);
      }, SAVE_DELAY_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [loaded, watch, getValues]);

  return { loaded, saved };
}
