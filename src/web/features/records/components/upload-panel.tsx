import { FileUp, Upload } from 'lucide-react';
import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { checkDocument, documentMessages, documentTypeOf } from '../../../../shared/rules/documents';
import { formatFileSize } from '../../../../shared/rules/formats';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { toast } from '../../../components/ui/use-toast';
import { serverMessage } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { useUploadRecord, type UploadStage } from '../api';

const ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

export function UploadPanel() {
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState('');
  const [dragging, setDragging] = useState(false);
  const [progress, setProgress] = useState<UploadStage | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadRecord();
  const descriptionId = useId();

  function choose(candidate: File | undefined) {
    if (!candidate) return;
    const problem = checkDocument(candidate);
    if (problem === 'wrong-type') {
      toast({ title: 'Invalid file type', description: documentMessages.wrongType, variant: 'destructive' });
      return;
    }
    if (problem === 'too-large') {
      toast({ title: 'File too large', description: documentMessages.tooLarge, variant: 'destructive' });
      return;
    }
    setFile(candidate);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (upload.isPending) return;
    if (!file) {
      toast({ title: 'No file selected', description: 'Please select a file to upload', variant: 'destructive' });
      return;
    }
    const fileType = documentTypeOf(file);
    if (!fileType) return;
    upload.mutate(
      { file, fileType, description, onProgress: setProgress },
      {
        onSuccess: (record) => {
          setFile(null);
          setDescription('');
          if (inputRef.current) inputRef.current.value = '';
          toast({ title: 'Record uploaded', description: `${record.filename} has been added to your records.` });
        },
        onError: (error) =>
          toast({ title: 'Error', description: `Failed to upload record: ${serverMessage(error)}`, variant: 'destructive' }),
        onSettled: () => setProgress(null),
      },
    );
  }

  const busyLabel = progress
    ? `${progress.stage === 'reading' ? 'Reading file…' : 'Uploading…'} ${progress.percent}%`
    : 'Uploading…';

  return (
    <Card>
      <CardHeader>
        <CardTitle>Upload a Record</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          <button
            type="button"
            aria-label="Choose a file"
            aria-describedby={`${descriptionId}-hint`}
            data-dragging={dragging ? 'true' : undefined}
            onClick={() => inputRef.current?.click()}
            onDragEnter={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            disabled={upload.isPending}
            className={cn(
              'flex w-full flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed p-8 text-center transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              dragging ? 'border-primary bg-accent' : 'border-input hover:bg-accent/50',
            )}
          >
            <FileUp className="size-8 text-muted-foreground" aria-hidden="true" />
            {file ? (
              <span className="break-all text-sm font-medium">
                {file.name} <span className="text-muted-foreground">({formatFileSize(file.size)})</span>
              </span>
            ) : (
              <span className="text-sm font-medium">Drag and drop a file here, or click to browse</span>
            )}
            <span id={`${descriptionId}-hint`} className="text-xs text-muted-foreground">
              PDF, JPG or PNG, up to 20 MB
            </span>
          </button>
          <input
            ref={inputRef}
            type="file"
            accept={ACCEPT}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="record-file-input"
            onChange={(event) => choose(event.target.files?.[0])}
          />
          <div className="space-y-2">
            <Label htmlFor={descriptionId}>Description (optional)</Label>
            <Input
              id={descriptionId}
              value={description}
              maxLength={1000}
              onChange={(event) => setDescription(event.target.value)}
              placeholder="e.g. Blood test results from Dr. Lopez"
              disabled={upload.isPending}
            />
          </div>
          {upload.isPending && progress && (
            <progress aria-label="Upload progress" className="h-2 w-full accent-primary" max={100} value={progress.percent} />
          )}
          <Button type="submit" disabled={upload.isPending}>
            <Upload aria-hidden="true" />
            {upload.isPending ? busyLabel : 'Upload Record'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
