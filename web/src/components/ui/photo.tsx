import type { ImgHTMLAttributes } from 'react';
import { photoSrcSet } from '@app/shared';

/** How wide each photo slot is, for the browser to pick the smallest size of a photo that fills it. */
export const PHOTO_SLOTS = {
  /** A card of the /auctions grid: one column, two from md, three from lg inside the 1280 px container. */
  card: '(min-width: 1280px) 400px, (min-width: 1024px) 33vw, (min-width: 768px) 50vw, 100vw',
  /** The listing's main photo: 3/5 of the 1280 px container from lg, the whole width below. */
  gallery: '(min-width: 1280px) 730px, (min-width: 1024px) 58vw, 100vw',
  /** A thumbnail strip or tile. */
  thumbnail: '128px',
} as const;

type PhotoProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'sizes'> & {
  src: string;
  alt: string;
  slot: keyof typeof PHOTO_SLOTS;
};

/**
 * A car photo. An uploaded photo comes with its sizes (400, 800 and 1600 px), so a phone downloads a card's small copy,
 * not the original; any other image (a drawn sample car) is used as it is.
 */
export function Photo({ src, alt, slot, ...rest }: PhotoProps) {
  const srcSet = photoSrcSet(src);
  return <img src={src} alt={alt} {...(srcSet ? { srcSet, sizes: PHOTO_SLOTS[slot] } : {})} {...rest} />;
}
