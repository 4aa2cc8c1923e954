import { toast } from '../components/ui/use-toast';

/** Copies a secret shown once (recovery codes, a token) and says whether it worked. */
export async function copyText(text: string, what: string): Promise<void> {
  try {
    // Absent outside a secure context (plain http to another host): reported like any other failure.
    if (!navigator.clipboard) throw new Error('the clipboard is not available here: use Download instead');
    await navigator.clipboard.writeText(text);
    toast({ title: 'Copied to clipboard', description: `${what} copied.` });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    toast({ title: 'Error', description: `Could not copy: ${message}`, variant: 'destructive' });
  }
}

/** Saves text as a file through the browser's download, without a round trip to the server. */
export function downloadText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  // The click has handed the file to the browser; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
