/**
 * Loads the browser's date and time data now, in a task of its own (ADR 20). The page's first Intl.DateTimeFormat,
 * whatever its locale and options, loads it: some 20 ms on a two-core machine, four times that on Lighthouse's phone.
 * Left to the first one made by code (the header's controls make one as their chunk loads, a screen as it shows a
 * date), it lengthened a task that was long already. Called as the page starts, it runs while the page waits for the
 * session's answer, beside tailwind-merge's class map (lib/cn.ts).
 */
export function prepareDateFormatting(): void {
  setTimeout(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', dateStyle: 'short' }).format(0));
}
