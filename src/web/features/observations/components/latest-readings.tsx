import type { Observation } from '../../../../shared/contracts/observations';
import { clockDateTimeWords, usePatientZone } from '../../../components/medications/patient-clock';
import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/cn';
import { FLAG_WORDS } from '../../../components/observations/observation-words';
import { readingWords } from '../../../../shared/rules/observations';

interface LatestReadingsProps {
  readings: Observation[];
  /** The measure whose trend is shown. */
  charted: string | null;
  onChart(code: string): void;
}

/** The newest reading of each measure, a button each: pressing one shows its trend. */
export function LatestReadings({ readings, charted, onChart }: LatestReadingsProps) {
  const zone = usePatientZone();
  return (
    <section aria-labelledby="latest-heading" className="offscreen-lazy space-y-3">
      <h2 id="latest-heading" className="text-lg font-semibold">
        Latest
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {readings.map((reading) => {
          const pressed = reading.code === charted;
          return (
            <li key={reading.code}>
              <button
                type="button"
                aria-pressed={pressed}
                onClick={() => onChart(reading.code)}
                className={cn(
                  'flex h-full w-full flex-col items-start gap-1 rounded-xl border bg-card p-4 text-left shadow-sm transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                  pressed && 'border-primary ring-1 ring-primary',
                )}
              >
                <span className="text-sm text-muted-foreground">{reading.name}</span>
                <span className="text-xl font-semibold tabular-nums">{readingWords(reading)}</span>
                <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                  {clockDateTimeWords(reading.takenAt, zone)}
                  {reading.flag && <Badge variant={reading.flag.startsWith('critical') ? 'destructive' : 'warning'}>{FLAG_WORDS[reading.flag]}</Badge>}
                </span>
                <span className="sr-only">{pressed ? 'Its trend is shown below' : 'Show its trend'}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
