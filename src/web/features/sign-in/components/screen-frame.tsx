import { HeartPulse } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent } from '../../../components/ui/card';

/** The sign-in and setup screens stand alone, like onboarding: the app's mark, a heading, what to do, one card. */
export function ScreenFrame({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-start justify-center px-4 py-8 md:items-center">
      <div className="w-full max-w-md space-y-6">
        <div className="flex flex-col items-center gap-2 text-center">
          <HeartPulse className="size-10 text-primary" aria-hidden="true" />
          <h1 className="text-2xl font-bold tracking-tight md:text-3xl">{title}</h1>
          <div className="text-muted-foreground">{intro}</div>
        </div>
        <Card>
          <CardContent className="space-y-4 p-6">{children}</CardContent>
        </Card>
      </div>
    </main>
  );
}
