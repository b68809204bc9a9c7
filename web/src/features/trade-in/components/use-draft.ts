// The wizard's draft on the server, per user: loaded once, saved shortly after each change, so a reload (or another
// device) finds the form as it was left. `saved` tells the page (and its tests) the latest change is stored.
import { useEffect, useRef, useState } from 'react';
import type { TradeInDraft } from '@app/shared';
import { loadDraft, saveDraft } from '../api/trade-in';
import { EMPTY_DRAFT } from './wizard-state';

const SAVE_DELAY_MS = 400;

export function useDraft() {
  const [draft, setDraft] = useState<TradeInDraft>(EMPTY_DRAFT);
  const [loaded, setLoaded] = useState(false);
  const [saved, setSaved] = useState(true);
  const version = useRef(0);

  useEffect(() => {
    let live = true;
    loadDraft()
      .then((d) => live && d && setDraft(d))
      .catch(() => undefined)
      .finally(() => live && setLoaded(true));
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!loaded) return;
    const mine = (version.current += 1);
    setSaved(false);
    const timer = setTimeout(() => {
      saveDraft(draft)
        .then(() => mine === version.current && setSaved(true))
        .catch(() => undefined);
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, loaded]);

  const update = (change: Partial<TradeInDraft>) => setDraft((d) => ({ ...d, ...change }));
  return { draft, loaded, saved, update, replace: setDraft };
}
