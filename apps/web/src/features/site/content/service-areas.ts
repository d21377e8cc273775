import { joinNames, type Town } from '../../../config/business.ts';

/** A county card: the towns served there (from the business's one list of towns), then anything more it says. */
export type ServiceArea = { county: string; towns: readonly Town[]; more?: string };

/** One card per county, each naming the towns served there. */
export const serviceAreas: readonly ServiceArea[] = [
  {
    county: 'St Johns County',
    towns: ['St Augustine', 'St Augustine Beach', 'Vilano Beach', 'Ponte Vedra Beach', 'Ponte Vedra', 'Nocatee', 'Crescent Beach', 'Summer Haven'],
  },
  { county: 'Flagler County', towns: ['Palm Coast', 'Flagler Beach', 'Beverly Beach', 'Marineland'] },
  { county: 'Volusia County', towns: ['Ormond Beach'], more: 'the communities along the northern Volusia coast' },
  // Clay County is served by appointment only: its places are not among the towns the structured data lists.
  { county: 'Clay County', towns: [], more: 'Green Cove Springs, Fleming Island and Orange Park, by appointment' },
];

/** The card's sentence: "Palm Coast, Flagler Beach, Beverly Beach and Marineland." */
export function serviceAreaText(area: ServiceArea): string {
  return `${joinNames(area.more ? [...area.towns, area.more] : area.towns)}.`;
}
