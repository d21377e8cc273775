export type Brand = {
  name: string;
  /** File name under /images/brands/, without .svg. */
  logo: string;
  tagline: string;
  description: string;
  features: readonly [string, string, string, string];
  specialties: readonly [string, string, string, string];
  warranty: string;
  premium?: boolean;
};

const standardWarranty = '90-day parts and labor warranty on every repair';
const premiumWarranty = 'Factory-trained service with a 90-day parts and labor warranty';

/** The sixteen brand cards of the home page, premium brands first. */
export const brands: readonly Brand[] = [
  {
    name: 'Sub-Zero',
    logo: 'sub-zero',
    tagline: 'Built-in refrigeration specialists',
    description: 'Sealed-system, compressor and control repairs for built-in, column and under-counter Sub-Zero units.',
    features: ['Sealed-system diagnostics', 'Dual refrigeration expertise', 'Genuine Sub-Zero parts', 'Same-day service'],
    specialties: ['Built-in refrigerators', 'Wine storage', 'Column units', 'Ice makers'],
    warranty: premiumWarranty,
    premium: true,
  },
  {
    name: 'Wolf',
    logo: 'wolf',
    tagline: 'Professional cooking, restored',
    description: 'Dual-fuel ranges, rangetops, wall ovens and steam ovens brought back to factory performance.',
    features: ['Dual-stacked burner repair', 'Oven calibration', 'Genuine Wolf parts', 'Igniter and spark module service'],
    specialties: ['Dual-fuel ranges', 'Wall ovens', 'Rangetops', 'Steam ovens'],
    warranty: premiumWarranty,
    premium: true,
  },
  {
    name: 'KitchenAid',
    logo: 'kitchenaid',
    tagline: 'Kitchen appliances done right',
    description: 'Refrigerators, dishwashers, ranges and built-in ovens from KitchenAid, repaired with genuine parts.',
    features: ['Control board diagnostics', 'Ice and water systems', 'Dishwasher pump repair', 'Oven element replacement'],
    specialties: ['French-door refrigerators', 'Dishwashers', 'Wall ovens', 'Cooktops'],
    warranty: standardWarranty,
  },
  {
    name: 'Viking',
    logo: 'viking',
    tagline: 'Professional-grade repair',
    description: 'Commercial-style ranges, refrigerators and ventilation from Viking, serviced by experienced technicians.',
    features: ['Burner and valve service', 'Refrigeration repair', 'Genuine Viking parts', 'Ventilation hood repair'],
    specialties: ['Professional ranges', 'Built-in refrigerators', 'Wine coolers', 'Range hoods'],
    warranty: premiumWarranty,
    premium: true,
  },
  {
    name: 'GE',
    logo: 'ge',
    tagline: 'Every GE line, including Monogram and Café',
    description: 'From everyday GE appliances to Monogram and Café, we repair the whole family.',
    features: ['Smart control diagnostics', 'Ice maker repair', 'Gas and electric ranges', 'Washer and dryer service'],
    specialties: ['Refrigerators', 'Ranges', 'Dishwashers', 'Laundry'],
    warranty: standardWarranty,
  },
  {
    name: 'LG',
    logo: 'lg',
    tagline: 'Inverter and smart appliance experts',
    description: 'Linear-compressor refrigerators, front-load washers and smart dryers from LG.',
    features: ['Linear compressor service', 'Error code diagnostics', 'Inverter motor repair', 'Ice maker repair'],
    specialties: ['Refrigerators', 'Front-load washers', 'Dryers', 'Ranges'],
    warranty: standardWarranty,
  },
  {
    name: 'Samsung',
    logo: 'samsung',
    tagline: 'Modern appliance diagnostics',
    description: 'Twin-cooling refrigerators, FlexWash laundry and induction ranges from Samsung.',
    features: ['Ice buildup fixes', 'Control board repair', 'Drain and pump service', 'Induction diagnostics'],
    specialties: ['Refrigerators', 'Washers', 'Dryers', 'Ranges'],
    warranty: standardWarranty,
  },
  {
    name: 'Whirlpool',
    logo: 'whirlpool',
    tagline: "America's most common appliances",
    description: 'Fast, affordable repairs for the Whirlpool appliances found in most Florida homes.',
    features: ['Parts on the truck', 'Washer and dryer repair', 'Refrigerator service', 'Dishwasher repair'],
    specialties: ['Top-load washers', 'Dryers', 'Refrigerators', 'Dishwashers'],
    warranty: standardWarranty,
  },
  {
    name: 'Maytag',
    logo: 'maytag',
    tagline: 'Dependable laundry and kitchen repair',
    description: 'Heavy-duty Maytag washers, dryers and kitchen appliances kept running for years.',
    features: ['Transmission service', 'Heating element repair', 'Door lock replacement', 'Refrigerator repair'],
    specialties: ['Washers', 'Dryers', 'Refrigerators', 'Ranges'],
    warranty: standardWarranty,
  },
  {
    name: 'Amana',
    logo: 'amana',
    tagline: 'Straightforward, affordable fixes',
    description: 'Simple, reliable Amana appliances repaired quickly and at a fair price.',
    features: ['Same-day diagnosis', 'Defrost system repair', 'Dryer heating repair', 'Range igniter service'],
    specialties: ['Refrigerators', 'Washers', 'Dryers', 'Ranges'],
    warranty: standardWarranty,
  },
  {
    name: 'Kenmore',
    logo: 'kenmore',
    tagline: 'Every Kenmore model, old and new',
    description: 'Kenmore and Kenmore Elite appliances, including older models that others turn away.',
    features: ['Model number lookup', 'Legacy parts sourcing', 'Laundry repair', 'Refrigerator repair'],
    specialties: ['Washers', 'Dryers', 'Refrigerators', 'Dishwashers'],
    warranty: standardWarranty,
  },
  {
    name: 'Sears',
    logo: 'sears',
    tagline: 'Service after the store',
    description: 'Appliances bought at Sears still deserve expert, local service.',
    features: ['Local technicians', 'Genuine replacement parts', 'Up-front pricing', 'Older model support'],
    specialties: ['Laundry', 'Refrigeration', 'Cooking', 'Dishwashers'],
    warranty: standardWarranty,
  },
  {
    name: 'Bosch',
    logo: 'bosch',
    tagline: 'Quiet European engineering',
    description: 'Bosch dishwashers, induction cooktops and compact laundry repaired to European standards.',
    features: ['Dishwasher leak repair', 'Induction cooktop service', 'Compact laundry repair', 'Genuine Bosch parts'],
    specialties: ['Dishwashers', 'Cooktops', 'Wall ovens', 'Refrigerators'],
    warranty: standardWarranty,
  },
  {
    name: 'Frigidaire',
    logo: 'frigidaire',
    tagline: 'Reliable refrigeration and cooking',
    description: 'Frigidaire and Frigidaire Gallery refrigerators, freezers, ranges and dishwashers.',
    features: ['Ice maker repair', 'Freezer service', 'Range repair', 'Dishwasher repair'],
    specialties: ['Refrigerators', 'Freezers', 'Ranges', 'Dishwashers'],
    warranty: standardWarranty,
  },
  {
    name: 'Electrolux',
    logo: 'electrolux',
    tagline: 'Premium Scandinavian design',
    description: 'Electrolux front-load laundry, refrigerators and ranges, serviced with care.',
    features: ['Front-load washer repair', 'Steam dryer service', 'Refrigerator repair', 'Range diagnostics'],
    specialties: ['Washers', 'Dryers', 'Refrigerators', 'Ranges'],
    warranty: standardWarranty,
  },
  {
    name: 'Jenn-Air',
    logo: 'jenn-air',
    tagline: 'Luxury built-in appliances',
    description: 'Jenn-Air built-in refrigerators, downdraft cooktops and wall ovens.',
    features: ['Downdraft ventilation repair', 'Built-in refrigeration', 'Wall oven service', 'Genuine Jenn-Air parts'],
    specialties: ['Built-in refrigerators', 'Cooktops', 'Wall ovens', 'Dishwashers'],
    warranty: premiumWarranty,
  },
];

/** Brands we also repair, shown by name only. */
export const moreBrands = ['Thermador', 'Miele', 'Dacor'] as const;
