// Saved searches: a member's named /auctions filters, told of each newly approved listing they find.
import { z } from 'zod';
import { CATEGORY_FILTERS, SAVED_SEARCH_NAME_MAX_LENGTH } from '../constants.js';
import { IsoDateSchema } from './common.js';
import { SearchFiltersSchema } from './auctions.js';

export const SavedSearchBodySchema = z.object({
  name: z.string().trim().min(1, 'Give the search a name').max(SAVED_SEARCH_NAME_MAX_LENGTH),
  filters: SearchFiltersSchema,
});
export type SavedSearchBody = z.infer<typeof SavedSearchBodySchema>;

/** The filters as answered: already parsed, so plain values (an answer is encoded, and input transforms cannot be). */
export const SearchFiltersAnswerSchema = z.object({
  category: z.enum(CATEGORY_FILTERS),
  q: z.string(),
  make: z.string(),
  minPrice: z.number().int().optional(),
  maxPrice: z.number().int().optional(),
  minYear: z.number().int().optional(),
  maxYear: z.number().int().optional(),
});

export const SavedSearchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  filters: SearchFiltersAnswerSchema,
  /** How many live auctions the search finds now. */
  matches: z.number().int(),
  createdAt: IsoDateSchema,
});
export type SavedSearch = z.infer<typeof SavedSearchSchema>;
export const SavedSearchListSchema = z.array(SavedSearchSchema);
