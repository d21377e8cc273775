export type ServiceArea = { county: string; towns: string };

/** One card per county, each naming the towns served there. */
export const serviceAreas: readonly ServiceArea[] = [
  {
    county: 'St Johns County',
    towns: 'St Augustine, St Augustine Beach, Vilano Beach, Ponte Vedra Beach, Ponte Vedra, Nocatee, Crescent Beach and Summer Haven.',
  },
  { county: 'Flagler County', towns: 'Palm Coast, Flagler Beach, Beverly Beach and Marineland.' },
  { county: 'Volusia County', towns: 'Ormond Beach and the communities along the northern Volusia coast.' },
  { county: 'Clay County', towns: 'Green Cove Springs, Fleming Island and Orange Park, by appointment.' },
];
