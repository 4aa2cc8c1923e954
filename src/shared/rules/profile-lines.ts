/**
 * My Profile's "Existing Conditions" and "Allergies", and the onboarding wizard's medical step, are one text box each
 * (the screens of part 2 §2 (docs/product.md#part-2-2)); since issue 34 each line of them is an item of a list. This
 * is the one rule between the two: a line is an item (trimmed, blank lines dropped), and a line matches an item when
 * their words are equal but for case.
 */
export function linesOf(text: string | null | undefined): string[] {
  return (text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

export function sameLine(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** The box's text of the current items' names, one a line; null when there is none, as an empty box was stored. */
export function textOfLines(names: readonly string[]): string | null {
  return names.length > 0 ? names.join('\n') : null;
}
