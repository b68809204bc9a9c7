// The one matching rule of the /auctions filters and saved searches, and who a newly approved listing's match tells.
import { describe, expect, it } from 'vitest';
import {
  AuctionListQuerySchema,
  SearchFiltersSchema,
  matchesSearch,
  narrowsSearch,
  savedSearchNotices,
  type SearchableListing,
} from '../src/index.js';

const carrera: SearchableListing = {
  category: 'sports',
  make: 'Porsche',
  model: '911 Carrera',
  year: 2019,
  priceCents: 55_000_00,
};
const filters = (raw: object) => SearchFiltersSchema.parse(raw);

describe('matchesSearch', () => {
  it.each([
    [{}, true],
    [{ category: 'sports' }, true],
    [{ category: 'suv' }, false],
    [{ q: 'porsche CARRERA' }, true],
    [{ q: 'porsche cayenne' }, false],
    [{ make: ' porsche ' }, true],
    [{ make: 'Pors' }, false],
    [{ minPrice: 55_000 }, true],
    [{ minPrice: 55_001 }, false],
    [{ maxPrice: 55_000 }, true],
    [{ maxPrice: 54_999 }, false],
    [{ minYear: 2019, maxYear: 2019 }, true],
    [{ minYear: 2020 }, false],
    [{ maxYear: 2018 }, false],
  ])('%o finds the 2019 Porsche 911 Carrera at $55,000: %s', (raw, found) => {
    expect(matchesSearch(filters(raw), carrera)).toBe(found);
  });

  it('counts only the first five words of a search, as the list query does', () => {
    expect(matchesSearch(filters({ q: 'porsche 911 carrera porsche 911 nonsense' }), carrera)).toBe(true);
  });
});

describe('the filters as input', () => {
  it('are bounded, and a range the wrong way round is refused naming its field', () => {
    expect(SearchFiltersSchema.safeParse({ minPrice: '100', maxPrice: '99' }).error?.issues[0]?.path).toEqual([
      'maxPrice',
    ]);
    expect(SearchFiltersSchema.safeParse({ minYear: 2000, maxYear: 1999 }).success).toBe(false);
    expect(SearchFiltersSchema.safeParse({ maxPrice: 100_000_000 }).success).toBe(false);
    expect(SearchFiltersSchema.safeParse({ minYear: 1899 }).success).toBe(false);
    expect(SearchFiltersSchema.safeParse({ minPrice: '1e3' }).success).toBe(false);
    expect(SearchFiltersSchema.safeParse({ make: 'x'.repeat(41) }).success).toBe(false);
    expect(AuctionListQuerySchema.parse({ minPrice: '', maxYear: '1975' })).toMatchObject({ maxYear: 1975 });
    expect(AuctionListQuerySchema.parse({ minPrice: '' }).minPrice).toBeUndefined();
  });

  it('an empty search narrows nothing and is not worth saving', () => {
    expect(narrowsSearch(filters({ q: '   ' }))).toBe(false);
    expect(narrowsSearch(filters({ maxYear: 1975 }))).toBe(true);
  });
});

describe('savedSearchNotices', () => {
  it('tells each search that finds the listing once, never the seller, with a link to it', () => {
    const listing = { ...carrera, auctionId: 7, title: '2019 Porsche 911 Carrera', sellerId: 3 };
    const searches = [
      { id: 1, userId: 1, name: 'Porsches', filters: filters({ make: 'porsche' }) },
      { id: 2, userId: 1, name: 'Sports', filters: filters({ category: 'sports' }) },
      { id: 3, userId: 2, name: 'SUVs', filters: filters({ category: 'suv' }) },
      { id: 4, userId: 3, name: 'Mine', filters: filters({ make: 'porsche' }) },
    ];
    expect(savedSearchNotices(listing, searches)).toEqual([
      {
        userId: 1,
        kind: 'saved-search',
        subject: 'search:1:auction:7',
        auctionId: 7,
        text: 'New for your search "Porsches": 2019 Porsche 911 Carrera, from $55,000',
        link: '/listing/7',
      },
      expect.objectContaining({ userId: 1, subject: 'search:2:auction:7' }),
    ]);
  });
});
