import { ImageUp, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Avatar, AvatarFallback, AvatarImage } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { initials } from '../../../lib/initials';
import { scaleAvatar } from '../scale-avatar';

interface AvatarFieldProps {
  /** The photo as a data URL, or null for none (the initials show instead). */
  value: string | null;
  onChange(value: string | null): void;
  name: string;
}

/** The profile photo: chosen from image files only, scaled down here before it is ever sent. */
export function AvatarField({ value, onChange, name }: AvatarFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);
  const hintId = useId();

  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast({ title: 'Invalid file type', description: 'Please choose an image file for your photo', variant: 'destructive' });
      return;
    }
    setReading(true);
    try {
      onChange(await scaleAvatar(file));
    } catch {
      toast({ title: 'Invalid file type', description: `${file.name} could not be read as an image`, variant: 'destructive' });
    } finally {
      setReading(false);
    }
  }

  return (
    <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
      <Avatar className="size-20 text-xl">
        {value && <AvatarImage src={value} alt="Your profile photo" />}
        <AvatarFallback className="text-xl" aria-label={value ? undefined : 'No photo: your initials show instead'}>
          {initials(name) || '?'}
        </AvatarFallback>
      </Avatar>
      <div className="space-y-2">
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" size="sm" aria-describedby={hintId} disabled={reading} onClick={() => inputRef.current?.click()}>
            <ImageUp aria-hidden="true" />
            {value ? 'Change photo' : 'Upload photo'}
          </Button>
          {value && (
            <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
              <Trash2 aria-hidden="true" />
              Remove photo
            </Button>
          )}
        </div>
        <p id={hintId} className="text-xs text-muted-foreground">
          An image file; it is scaled down to 256 × 256 before it is saved.
        </p>
        <input
          ref={inputRef}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="avatar-file-input"
          onChange={(event) => void onPick(event)}
        />
      </div>
    </div>
  );
}
