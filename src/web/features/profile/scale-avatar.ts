/** The longest side of a stored profile photo: enough for the header and the profile, a few dozen KB at most. */
export const AVATAR_MAX_SIDE = 256;

/**
 * Draws the chosen image at most 256 × 256 (keeping its proportions) and returns it as a data URL, WebP where
 * the browser can write it and PNG otherwise. Re-encoding also drops whatever the file carried besides the
 * picture (its location, the camera). Rejects when the file is not an image the browser can decode.
 */
export async function scaleAvatar(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  try {
    const scale = Math.min(1, AVATAR_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw images');
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/webp', 0.9);
  } finally {
    bitmap.close();
  }
}
