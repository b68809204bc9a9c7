/** Joins the class names that apply. The kit's own classes never overlap what a caller adds (layout: margins, width, grid). */
export const cn = (...names: (string | false | null | undefined)[]): string => names.filter(Boolean).join(' ');
