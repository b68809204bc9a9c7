// Words counted on screen and in notices ("1 reply", "2 replies"): one rule, so no page says "1 replies".

/** The word for `count` things: `one` for exactly 1, otherwise `many` (by default `one` with an s). */
export function plural(count: number, one: string, many = `${one}s`): string {
  return count === 1 ? one : many;
}

/** "1 reply", "0 replies", "1,204 likes": the count in en-US digits and its word. */
export function countOf(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${plural(count, one, many)}`;
}
