import { Lightbulb, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useReturnFocus } from '../../lib/use-return-focus';
import { AddCareItemDialog } from './components/add-care-item-dialog';
import { CareTimeline } from './components/care-timeline';
import { HealthPromptDialog } from './components/health-prompt-dialog';
import { QuickScheduleDialog, type QuickScheduleRequest } from './components/quick-schedule-dialog';
import { RecommendedCare } from './components/recommended-care';
import { YearView } from './components/year-view';

const HEADING_ID = 'preventative-heading';

export default function PreventativePage() {
  const [promptOpen, setPromptOpen] = useState(false);
  const [addOpen, setAddOpen] = useState(false);
  const [scheduling, setScheduling] = useState<QuickScheduleRequest | null>(null);
  // The dialogs open from state, not from a trigger of their own: focus goes back to the button that opened them.
  const focus = useReturnFocus(HEADING_ID);
  const opening =
    <T,>(open: (value: T) => void) =>
    (value: T) => {
      focus.remember();
      open(value);
    };

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h1 id={HEADING_ID} tabIndex={-1} className="text-2xl font-bold tracking-tight outline-none md:text-3xl">
            Preventative Care
          </h1>
          <p className="mt-1 text-muted-foreground">Track and schedule your preventative health needs</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => opening(setPromptOpen)(true)}>
            <Lightbulb aria-hidden="true" />
            Get Health Recommendations
          </Button>
          <Button onClick={() => opening(setAddOpen)(true)}>
            <Plus aria-hidden="true" />
            Add Care Item
          </Button>
        </div>
      </div>
      {/* Part 2 §2 (docs/product.md#part-2-2): Recommended Care is the default tab ('structured'). */}
      <Tabs defaultValue="structured">
        {/* At 390 px the three names share the row, each wrapping onto two lines if it must. */}
        <TabsList className="h-auto w-full sm:w-auto">
          <TabsTrigger value="structured" className="flex-1 whitespace-normal sm:flex-none">
            Recommended Care
          </TabsTrigger>
          <TabsTrigger value="year" className="flex-1 whitespace-normal sm:flex-none">
            Year View
          </TabsTrigger>
          <TabsTrigger value="timeline" className="flex-1 whitespace-normal sm:flex-none">
            Timeline View
          </TabsTrigger>
        </TabsList>
        <TabsContent value="structured" className="mt-4">
          <RecommendedCare onSchedule={opening(setScheduling)} />
        </TabsContent>
        <TabsContent value="year" className="mt-4">
          <YearView />
        </TabsContent>
        <TabsContent value="timeline" className="mt-4">
          <CareTimeline />
        </TabsContent>
      </Tabs>
      <HealthPromptDialog open={promptOpen} onClose={() => setPromptOpen(false)} onCloseAutoFocus={focus.restore} />
      <AddCareItemDialog open={addOpen} onClose={() => setAddOpen(false)} onCloseAutoFocus={focus.restore} />
      <QuickScheduleDialog request={scheduling} onClose={() => setScheduling(null)} onCloseAutoFocus={focus.restore} />
    </div>
  );
}
