import { useEffect } from 'react';

export const SITE_NAME = 'CarBid';

/** "2022 BMW M4 Competition · CarBid"; the site name alone while the page does not know its subject yet. */
export const pageTitle = (subject: string | null | undefined) => (subject ? `${subject} · ${SITE_NAME}` : SITE_NAME);

/** Sets the browser tab's title for as long as the page is shown. */
export function usePageTitle(subject: string | null | undefined): void {
  useEffect(() => {
    document.title = pageTitle(subject);
  }, [subject]);
}
