import { zodResolver } from '@hookform/resolvers/zod';
import { FileUp, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { z } from 'zod';
import { CreateMedicalRecordBody } from '../../../shared/contracts/medical-records';
import { checkDocument, documentMessages, documentTypeOf } from '../../../shared/rules/documents';
import { formatFileSize } from '../../../shared/rules/formats';
import { Button } from '../ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../ui/form';
import { Input } from '../ui/input';
import { Progress } from '../ui/progress';
import { toast } from '../ui/use-toast';
import { useUploadMedicalRecord, type UploadStage, type UploadToasts } from '../../lib/api/upload-medical-record';
import { cn } from '../../lib/cn';

const ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';
const NO_FILE = 'Please select a file to upload';

/**
 * The panel's fields: the chosen file, and the description with the rule the server applies (the contract's own
 * schema). The file's type and size are checked as it is chosen; a press without one is refused with a toast.
 */
const UploadForm = CreateMedicalRecordBody.pick({ description: true }).extend({
  file: z.instanceof(File).nullable().pipe(z.instanceof(File, { message: NO_FILE })),
});
type UploadFormInput = z.input<typeof UploadForm>;
type UploadFormValues = z.output<typeof UploadForm>;

const stageLabel = ({ stage, percent }: UploadStage) => `${stage === 'reading' ? 'Reading file…' : 'Uploading…'} ${percent}%`;

interface UploadCardProps {
  title: string;
  submitLabel: string;
  toasts: UploadToasts;
  /** Set on the insurance screen: the plan the document belongs to. */
  insuranceId?: number;
  /** What is stored for what the patient typed (the insurance screen words it 'Insurance document: …'). */
  describe?(text: string | null): string | null;
  /** Room left for the patient's text within the stored description's 1,000 characters. */
  descriptionMaxLength?: number;
  descriptionPlaceholder: string;
}

/**
 * The one upload form of the app (records and insurance documents): a drop zone that is also the file picker,
 * an optional description, and progress while the file is read and sent.
 */
export function UploadCard({
  title,
  submitLabel,
  toasts,
  insuranceId,
  describe = (text) => text,
  descriptionMaxLength = 1000,
  descriptionPlaceholder,
}: UploadCardProps) {
  const form = useForm<UploadFormInput, unknown, UploadFormValues>({
    resolver: zodResolver(UploadForm),
    defaultValues: { file: null, description: '' },
  });
  const file = useWatch({ control: form.control, name: 'file' });
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<UploadStage | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const running = useRef<AbortController | null>(null);
  const upload = useUploadMedicalRecord(toasts);
  const busy = upload.isPending;
  const typesId = useId();

  // Closing the panel ('Cancel Upload') mid-upload cancels the upload.
  useEffect(() => () => running.current?.abort(), []);

  function choose(candidate: File | undefined) {
    if (!candidate || busy) return;
    const problem = checkDocument(candidate);
    if (problem === 'wrong-type') {
      toast({ title: 'Invalid file type', description: documentMessages.wrongType, variant: 'destructive' });
      return;
    }
    if (problem === 'too-large') {
      toast({ title: 'File too large', description: documentMessages.tooLarge, variant: 'destructive' });
      return;
    }
    form.setValue('file', candidate);
  }

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    choose(event.target.files?.[0]);
    // Forget the pick, so that choosing the same file again (after a refusal, say) is noticed too.
    event.target.value = '';
  }

  function onDragOver(event: DragEvent) {
    event.preventDefault();
    event.dataTransfer.dropEffect = busy ? 'none' : 'copy';
    if (!busy) setDragging(true);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  }

  function send({ file, description }: UploadFormValues) {
    // Validation is asynchronous, so two quick presses can both get here; only the first one sends.
    if (running.current) return;
    const fileType = documentTypeOf(file);
    if (!fileType) return;
    const controller = new AbortController();
    running.current = controller;
    setProgress({ stage: 'reading', percent: 0 });
    upload.mutate(
      { file, fileType, description: describe(description), insuranceId, signal: controller.signal, onProgress: setProgress },
      {
        onSuccess: () => form.reset(),
        onSettled: () => {
          running.current = null;
          setProgress(null);
        },
      },
    );
  }

  function refuse(errors: FieldErrors<UploadFormInput>) {
    if (errors.file) toast({ title: 'No file selected', description: NO_FILE, variant: 'destructive' });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form
            onSubmit={(event) => (busy ? event.preventDefault() : void form.handleSubmit(send, refuse)(event))}
            className="space-y-4"
            noValidate
          >
            {/* aria-disabled, not disabled, while busy: a disabled control drops keyboard focus to the page. */}
            <button
              type="button"
              aria-describedby={typesId}
              aria-disabled={busy || undefined}
              data-dragging={dragging ? 'true' : undefined}
              onClick={() => !busy && inputRef.current?.click()}
              onDragEnter={onDragOver}
              onDragOver={onDragOver}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              className={cn(
                'flex w-full flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed p-8 text-center transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring aria-disabled:cursor-not-allowed aria-disabled:opacity-60',
                // The children let drag events through to the zone, so crossing them does not flicker the highlight.
                '[&>*]:pointer-events-none',
                dragging ? 'border-primary bg-accent' : 'border-input hover:bg-accent/50',
              )}
            >
              <FileUp className="size-8 text-muted-foreground" aria-hidden="true" />
              {file ? (
                <>
                  <span className="break-all text-sm font-medium">
                    {file.name} <span className="text-muted-foreground">({formatFileSize(file.size)})</span>
                  </span>
                  <span className="text-xs text-primary underline underline-offset-4">Choose a different file</span>
                </>
              ) : (
                <span className="text-sm font-medium">Choose a file or drag it here</span>
              )}
            </button>
            <p id={typesId} className="-mt-2 text-center text-xs text-muted-foreground">
              PDF, JPG or PNG, up to 20 MB
            </p>
            <input
              ref={inputRef}
              type="file"
              accept={ACCEPT}
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              data-testid="document-file-input"
              onChange={onPick}
            />
            <FormField
              control={form.control}
              name="description"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Description (optional)</FormLabel>
                  <FormControl>
                    <Input
                      {...field}
                      value={field.value ?? ''}
                      maxLength={descriptionMaxLength}
                      placeholder={descriptionPlaceholder}
                      readOnly={busy}
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            {progress && <Progress aria-label={stageLabel(progress)} value={progress.percent} />}
            <Button type="submit" aria-disabled={busy || undefined} className="aria-disabled:cursor-not-allowed aria-disabled:opacity-70">
              <Upload aria-hidden="true" />
              {progress ? stageLabel(progress) : submitLabel}
            </Button>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
