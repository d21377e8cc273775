export type ServiceCard = {
  title: string;
  description: string;
  brands: readonly { name: string; logo?: string }[];
  premium: boolean;
  specialty?: boolean;
  icon: 'fridge' | 'wine' | 'washer' | 'dryer' | 'oven' | 'bolt';
};

/** The six service cards of the home page. */
export const services: readonly ServiceCard[] = [
  {
    title: 'Refrigerator Repair',
    description:
      'Not cooling, leaking, noisy or icing up: we diagnose built-in, French-door, side-by-side and column refrigerators and freezers, ice makers included.',
    brands: [{ name: 'Sub-Zero', logo: 'sub-zero' }, { name: 'Viking', logo: 'viking' }, { name: 'Thermador' }, { name: 'KitchenAid', logo: 'kitchenaid' }],
    premium: true,
    icon: 'fridge',
  },
  {
    title: 'Wine Cooler Repair',
    description:
      'Temperature swings, failed fans and worn seals put a collection at risk. We restore steady, quiet cooling in under-counter and full-size wine storage.',
    brands: [{ name: 'Sub-Zero', logo: 'sub-zero' }, { name: 'Viking', logo: 'viking' }, { name: 'Miele' }],
    premium: true,
    specialty: true,
    icon: 'wine',
  },
  {
    title: 'Washer Repair',
    description:
      'Front-load and top-load washers that will not drain, spin or stop leaking, with genuine parts for the pump, bearings, lid switch and control board.',
    brands: [{ name: 'Whirlpool', logo: 'whirlpool' }, { name: 'Maytag', logo: 'maytag' }, { name: 'LG', logo: 'lg' }, { name: 'Samsung', logo: 'samsung' }],
    premium: false,
    icon: 'washer',
  },
  {
    title: 'Dryer Repair',
    description:
      'No heat, long drying times or a squeal on every turn. Gas and electric dryers, with a vent check on every visit for safety.',
    brands: [{ name: 'Whirlpool', logo: 'whirlpool' }, { name: 'GE', logo: 'ge' }, { name: 'Kenmore', logo: 'kenmore' }, { name: 'Electrolux', logo: 'electrolux' }],
    premium: false,
    icon: 'dryer',
  },
  {
    title: 'Oven & Range Repair',
    description:
      'Burners that will not light, uneven baking, faulty igniters and self-clean failures on gas, electric, dual-fuel and induction ranges and wall ovens.',
    brands: [{ name: 'Wolf', logo: 'wolf' }, { name: 'Viking', logo: 'viking' }, { name: 'Thermador' }, { name: 'Bosch', logo: 'bosch' }],
    premium: true,
    icon: 'oven',
  },
  {
    title: 'Emergency Appliance Repair',
    description:
      'A refrigerator down before a party or a washer flooding the laundry room: call any time, day or night, and a technician is on the way.',
    brands: [{ name: 'All major brands' }],
    premium: false,
    icon: 'bolt',
  },
];
