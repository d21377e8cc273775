import { createHmac, timingSafeEqual } from 'node:crypto';
import { photoLimits, photoPaths } from '@repo/contracts';

/**
 * A photo's viewing address: booking's own path with an expiry and a signature (HMAC-SHA256 under a key derived from
 * booking's link key), so an `<img>` shows it with no session or header, and the address works for
 * `photoLimits.viewSeconds` only. Whoever may list an appointment's photos gets these addresses; no one else can make one.
 */
export type PhotoAddresses = {
  /** The address of a ready photo, valid from `now` for `photoLimits.viewSeconds`. */
  sign: (appointmentId: number, photoId: number, now: Date) => string;
  /** Whether `signature` was made for this photo and `expires` (seconds since the epoch) has not passed at `now`. */
  check: (appointmentId: number, photoId: number, expires: number, signature: string, now: Date) => 'good' | 'expired' | 'bad';
};

export function photoAddresses(linkPrivateKey: string): PhotoAddresses {
  const key = createHmac('sha256', linkPrivateKey).update('appointment photo addresses').digest();
  const mac = (appointmentId: number, photoId: number, expires: number) => createHmac('sha256', key).update(`${appointmentId}.${photoId}.${expires}`).digest('base64url');
  return {
    sign: (appointmentId, photoId, now) => {
      const expires = Math.floor(now.getTime() / 1000) + photoLimits.viewSeconds;
      return `${photoPaths.image(appointmentId, photoId)}?expires=${expires}&signature=${mac(appointmentId, photoId, expires)}`;
    },
    check: (appointmentId, photoId, expires, signature, now) => {
      const expected = Buffer.from(mac(appointmentId, photoId, expires));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'bad';
      return expires * 1000 <= now.getTime() ? 'expired' : 'good';
    },
  };
}
