import { useQuery } from '@tanstack/react-query';
import { Copy, ExternalLink } from 'lucide-react';
import { useId, useState } from 'react';
import {
  HEALTH_PROMPT_TOPIC_LABELS,
  HEALTH_PROMPT_TOPICS,
  healthPrompt,
  healthPromptFacts,
  type HealthPromptTopic,
} from '../../../../shared/rules/health-prompt';
import { usePatientId } from '../../../lib/patient-id';
import { Button } from '../../../components/ui/button';
import { buttonClass } from '../../../components/ui/button-variants';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { Skeleton } from '../../../components/ui/skeleton';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { careItemsQuery } from '../../../lib/api/preventative-care';
import { userQuery } from '../../../lib/api/users';
import { usePatientToday } from '../../../lib/use-patient-today';

const GEMINI_URL = 'https://gemini.google.com/app';

interface HealthPromptDialogProps {
  open: boolean;
  onClose(): void;
  /** Where focus goes on closing: the dialog has no trigger of its own to return to. */
  onCloseAutoFocus(event: Event): void;
}

/**
 * 'Health Recommendation Prompt' (part 2 §2 (docs/product.md#part-2-2); issue 12 point 7): a prompt per topic built from what the patient
 * recorded, for them to copy into an assistant of their choosing. The app itself sends it nowhere.
 */
export function HealthPromptDialog({ open, onClose, onCloseAutoFocus }: HealthPromptDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      {open && (
        <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
          <DialogTitle>Health Recommendation Prompt</DialogTitle>
          <DialogDescription>
            A question built from your recorded age, conditions, medications, allergies and care that is due. Copy it into an AI
            assistant of your choice; nothing is sent from here, and your name and contact details are not included.
          </DialogDescription>
          <PromptPanel onClose={onClose} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function PromptPanel({ onClose }: { onClose(): void }) {
  const patientId = usePatientId();
  const user = useQuery(userQuery(patientId));
  const careItems = useQuery(careItemsQuery(patientId));
  const today = usePatientToday();
  const [topic, setTopic] = useState<HealthPromptTopic>('general');
  const promptId = useId();
  const loading = user.isPending || careItems.isPending;
  const prompt = loading ? '' : healthPrompt(topic, healthPromptFacts(user.data, careItems.data, today));

  async function copy() {
    try {
      // Absent outside a secure context (plain http on another host): reported like any other failure.
      if (!navigator.clipboard) throw new Error('the clipboard is not available in this browser');
      await navigator.clipboard.writeText(prompt);
      toast({ title: 'Copied to clipboard' });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      toast({ title: 'Error', description: `Could not copy: ${message}`, variant: 'destructive' });
    }
  }

  return (
    <div className="space-y-4">
      <div role="group" aria-label="Topic" className="flex flex-wrap gap-2">
        {HEALTH_PROMPT_TOPICS.map((choice) => (
          <Button
            key={choice}
            size="sm"
            variant={choice === topic ? 'default' : 'outline'}
            aria-pressed={choice === topic}
            onClick={() => setTopic(choice)}
          >
            {HEALTH_PROMPT_TOPIC_LABELS[choice]}
          </Button>
        ))}
      </div>
      <div className="space-y-2" aria-busy={loading}>
        <Label htmlFor={promptId}>Prompt</Label>
        {loading ? (
          <Skeleton className="h-56 w-full" />
        ) : (
          <Textarea id={promptId} readOnly value={prompt} rows={10} className="resize-y leading-relaxed" />
        )}
        {(user.isError || careItems.isError) && (
          <p className="text-sm text-muted-foreground">
            Some of your details could not be loaded, so the prompt leaves them out. Close and open this dialog later to try again.
          </p>
        )}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
        <a href={GEMINI_URL} target="_blank" rel="noopener noreferrer" className={buttonClass({ variant: 'outline' })}>
          <ExternalLink aria-hidden="true" />
          Open Google Gemini
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
        <Button onClick={() => void copy()} disabled={loading}>
          <Copy aria-hidden="true" />
          Copy to Clipboard
        </Button>
      </div>
    </div>
  );
}
