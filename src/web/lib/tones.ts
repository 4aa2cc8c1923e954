import type { Tone } from '../../shared/rules/care';

/** Tailwind classes for each status tone, chosen for AA contrast on cards in both themes. */
export const toneDot: Record<Tone, string> = {
  green: 'bg-green-600',
  blue: 'bg-blue-600',
  red: 'bg-red-600',
  amber: 'bg-amber-500',
  grey: 'bg-slate-400',
};

export const toneSoft: Record<Tone, string> = {
  green: 'bg-green-100 text-green-800 dark:bg-green-950 dark:text-green-300',
  blue: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-300',
  red: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
  amber: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-300',
  grey: 'bg-muted text-muted-foreground',
};
