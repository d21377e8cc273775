/** Driving directions to an address in the phone's maps app or the browser. */
export const directionsHref = (address: string): string => `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`;
