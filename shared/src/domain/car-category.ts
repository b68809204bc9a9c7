// Which of the marketplace's categories (luxury, sports, classic, SUV) a make and model belong to, for prices that come
// without one (the market reference data). A seller's listing carries the category the seller chose; this rule is
// only for rows that do not. Trucks and vans count as SUVs (utility); a car from before 1990 is a classic.
import { CAR_CATEGORIES } from '../constants.js';

export type CarCategory = (typeof CAR_CATEGORIES)[number];

export const CLASSIC_BEFORE_YEAR = 1990;

const UTILITY: Record<string, RegExp> = {
  porsche: /^(cayenne|macan)/,
  bmw: /^x\d/,
  audi: /^(s|rs ?)?q\d|^allroad/,
  'mercedes-benz': /^(gl[a-z]?|ml|g|r)\s?\d|^g-class|^sprinter/,
  ford: /^(bronco|f-\d{3}|e-\d{3}|explorer|expedition|ranger|transit|escape|edge|raptor)/,
  chevrolet: /^(tahoe|suburban|silverado|colorado|avalanche|blazer|traverse|equinox)/,
  toyota: /^(4runner|land cruiser|fj cruiser|sequoia|tundra|tacoma|highlander|rav4|sienna)/,
  honda: /^(pilot|passport|cr-v|hr-v|ridgeline|odyssey|element)/,
  lamborghini: /^urus/,
  ferrari: /^purosangue/,
};
const LUXURY: Record<string, RegExp> = {
  porsche: /^(panamera|taycan)/,
  bmw: /^([5-8]\d\d|m[5-8]\b|alpina|i7)/,
  audi: /^(a[6-8]|s[6-8]|rs ?[67])/,
  'mercedes-benz': /^(s|e|c|cl|cls|sl)\s?\d|^(amg )?gt\b|^maybach/,
  ferrari: /^(roma|portofino|california|gtc4|612|ff)/,
  toyota: /^(crown|century)/,
};

export function carCategoryOf(make: string, model: string, year: number): CarCategory {
  if (year < CLASSIC_BEFORE_YEAR) return 'classic';
  const m = make.trim().toLowerCase();
  // "AMG G63" is a G-Class: the performance prefix says nothing about the body.
  const name = model
    .trim()
    .toLowerCase()
    .replace(/^amg\s+/, '');
  if (UTILITY[m]?.test(name)) return 'suv';
  if (LUXURY[m]?.test(name)) return 'luxury';
  return 'sports';
}
