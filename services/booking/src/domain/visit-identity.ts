/** Street words as systems write them either way ("Street" and "St"), in the short form. */
const shortWords: Record<string, string> = {
  street: 'st', avenue: 'ave', road: 'rd', drive: 'dr', boulevard: 'blvd', lane: 'ln', court: 'ct', highway: 'hwy', place: 'pl',
  terrace: 'ter', circle: 'cir', parkway: 'pkwy', trail: 'trl', north: 'n', south: 's', east: 'e', west: 'w', apartment: 'apt', suite: 'ste',
};

/** "12 King Street, Apt. 3" and "12 king st apt 3" alike: lower case, no punctuation, short street words, the ZIP's five digits. */
export function addressKey(address: string, zipCode: string): string {
  const words = address.toLowerCase().replace(/[^a-z0-9\s]/g, ' ').split(/\s+/).filter(Boolean).map((word) => shortWords[word] ?? word);
  return `${words.join(' ')}|${zipCode.trim().slice(0, 5)}`;
}

/**
 * What makes two imported visits the same visit, whichever system they came from: the day, the appliance and the
 * address. Two systems name the same Tuesday dishwasher visit at 12 King St alike; the time, notes and costs they keep
 * may differ, and the first copy's are kept.
 */
export const visitKey = (visit: { appointment_date: string; appliance: string; address: string; zip_code: string }) =>
  `${visit.appointment_date}|${visit.appliance.trim().toLowerCase()}|${addressKey(visit.address, visit.zip_code)}`;

/** Where an imported row came from, as one string: the pasted history's content key, or a system and its visit id. */
export const copyIdentity = (row: { import_key?: string | null; source_system?: string | null; external_id?: string | null }) =>
  row.import_key ? `content:${row.import_key}` : `source:${row.source_system}:${row.external_id}`;
