import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names, letting a later Tailwind class override an earlier one of the same kind. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * Builds tailwind-merge's class map now, in a task of its own (ADR 20). Its first call builds it from the whole Tailwind
 * configuration, some 16 ms on a 2-core machine and four times that on Lighthouse's phone; left to the first `cn` of a
 * render, it lengthens the task that draws the layout. Called as the page starts, it runs while the page waits for
 * the session's answer.
 */
export function prepareClassMerging(): void {
  setTimeout(() => twMerge(''));
}
