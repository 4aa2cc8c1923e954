import { FileImage, FileMusic, FileText, FileVideoCamera, X, type LucideIcon } from 'lucide-react';
import { attachmentKind, type AttachmentKind } from '../../lib/chat/attachments';
import { Tooltip } from '../ui/tooltip';

const ICONS: Record<AttachmentKind, LucideIcon> = { document: FileText, image: FileImage, audio: FileMusic, video: FileVideoCamera };

interface AttachmentChipsProps {
  files: readonly File[];
  onRemove(name: string): void;
}

/** The files about to be sent, each a chip with its type's icon and its name, removable by name (part 2 §4 (docs/product.md#part-2-4)). */
export function AttachmentChips({ files, onRemove }: AttachmentChipsProps) {
  if (files.length === 0) return null;
  return (
    <ul aria-label="Attachments" className="flex flex-wrap gap-2">
      {files.map((file) => {
        const Icon = ICONS[attachmentKind(file)];
        return (
          <li key={file.name} className="flex max-w-full items-center gap-1.5 rounded-full border bg-background py-0.5 pl-2.5 pr-0.5 text-xs">
            <Icon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="truncate" title={file.name}>
              {file.name}
            </span>
            <Tooltip label={`Remove ${file.name}`}>
              <button
                type="button"
                aria-label={`Remove ${file.name}`}
                onClick={() => onRemove(file.name)}
                className="inline-flex size-6 shrink-0 items-center justify-center rounded-full text-muted-foreground hover:bg-accent hover:text-accent-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                <X className="size-3.5" aria-hidden="true" />
              </button>
            </Tooltip>
          </li>
        );
      })}
    </ul>
  );
}
