import { photoLimits, type PresignedPhotoUpload } from '@repo/contracts';

/** A photo the browser could not read (not an image, or one it cannot decode). */
export class UnreadablePhotoError extends Error {
  constructor() {
    super('This file could not be read as a photo. Take the photo again, or choose a JPEG, PNG or WebP.');
  }
}

/**
 * The photo as it is sent (the technician's phone, the office, the booking wizard): turned the way it was taken, at most `photoLimits.maxSide` px on its longer side and JPEG,
 * so a phone's 8 MB photo goes up as a few hundred kB over a slow connection. Booking re-encodes it again and strips
 * its metadata; this only spares the upload.
 */
export async function shrinkPhoto(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new UnreadablePhotoError();
  }
  const scale = Math.min(1, photoLimits.maxSide / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const drawing = canvas.getContext('2d');
  if (!drawing) throw new UnreadablePhotoError();
  drawing.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
  if (!blob) throw new UnreadablePhotoError();
  return blob;
}

/**
 * Sends the photo straight to the object store at the address booking signed for it (never through the gateway),
 * reporting the share sent so far (0 to 1). Rejects with a message a person can act on when the store refuses or the
 * connection drops; `signal` stops it.
 */
export function uploadPhoto(upload: PresignedPhotoUpload, photo: Blob, onProgress: (share: number) => void, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(upload.method, upload.url);
    for (const [name, value] of Object.entries(upload.headers)) {
      // The browser sets the length itself from the body, which is exactly the size announced.
      if (name.toLowerCase() !== 'content-length') request.setRequestHeader(name, value);
    }
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => (request.status >= 200 && request.status < 300 ? resolve() : reject(new Error('The photo store refused the photo. Try again.')));
    request.onerror = () => reject(new Error('The photo did not upload: check your connection and try again.'));
    request.onabort = () => reject(new Error('The upload was stopped.'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(photo);
  });
}
