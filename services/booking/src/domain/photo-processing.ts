import sharp from 'sharp';
import { appointmentPhotoMessages, photoLimits } from '@repo/contracts';

/** A photo as it is kept: JPEG, at most `photoLimits.maxSide` on its longer side, with no metadata at all. */
export type ProcessedPhoto = { image: Buffer; width: number; height: number };
export type PhotoVerdict = { kept: ProcessedPhoto } | { rejected: string };

const accepted = new Set(['jpeg', 'png', 'webp']);

/**
 * Checks an uploaded file by its content, never its name or declared type: only a JPEG, PNG or WebP image that decodes
 * whole is kept. It is turned the way it was taken (EXIF orientation), made at most 2048 px on its longer side, and
 * re-encoded as JPEG; sharp writes no metadata unless asked, so the EXIF block (the place it was taken, the camera, the
 * time) and any other metadata are gone. A decompression bomb is refused by sharp's pixel limit.
 */
export async function processPhoto(file: Buffer): Promise<PhotoVerdict> {
  let format: string | undefined;
  try {
    format = (await sharp(file, { limitInputPixels: 100_000_000 }).metadata()).format;
  } catch {
    return { rejected: appointmentPhotoMessages.notPhoto };
  }
  if (!format || !accepted.has(format)) return { rejected: appointmentPhotoMessages.notPhoto };
  try {
    const { data, info } = await sharp(file, { limitInputPixels: 100_000_000, failOn: 'error' })
      .rotate()
      .resize({ width: photoLimits.maxSide, height: photoLimits.maxSide, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { kept: { image: data, width: info.width, height: info.height } };
  } catch {
    return { rejected: appointmentPhotoMessages.unreadable };
  }
}
