import { business, joinNames } from '../../../config/business.ts';

export type BrandPage = {
  path: string;
  brand: string;
  logo: string;
  title: string;
  description: string;
  keywords: string;
  headline: string;
  intro: string;
  benefits: readonly { title: string; text: string }[];
  servicesHeading: string;
  services: readonly string[];
};

/** The area the brand pages serve, as their text names it: `business.brandPageTowns`. */
export const brandPageArea = `${joinNames(business.brandPageTowns)}, Florida`;

export const subZeroPage: BrandPage = {
  path: '/sub-zero-repair',
  brand: 'Sub-Zero',
  logo: 'sub-zero',
  title: 'Sub-Zero Repair St Augustine',
  description: `Same-day, factory-authorized Sub-Zero refrigerator, freezer and wine storage repair in ${brandPageArea}. Genuine parts, warranty, service since 1984.`,
  keywords: 'Sub-Zero repair, Sub-Zero refrigerator repair, Sub-Zero service St Augustine, built-in refrigerator repair, wine storage repair',
  headline: 'Sub-Zero Repair in St Augustine',
  intro: `Factory-authorized Sub-Zero service with same-day appointments across ${brandPageArea}. Our technicians carry genuine Sub-Zero parts and have kept built-in refrigeration running since 1984.`,
  benefits: [
    { title: 'Factory-Authorized', text: 'Technicians trained on Sub-Zero sealed systems, dual refrigeration and electronic controls.' },
    { title: 'Genuine Parts', text: 'Only genuine Sub-Zero parts, most of them on the truck for a first-visit fix.' },
    { title: 'Warranty', text: 'Every repair is covered by our parts and labor warranty.' },
  ],
  servicesHeading: 'Sub-Zero services',
  services: [
    'Built-in refrigerator repair',
    'Column refrigerator and freezer repair',
    'Wine storage repair',
    'Under-counter refrigeration',
    'Sealed-system and compressor repair',
    'Ice maker repair',
    'Temperature and control board diagnostics',
    'Door seal and hinge replacement',
    'Condenser cleaning and maintenance',
  ],
};

export const wolfPage: BrandPage = {
  path: '/wolf-repair',
  brand: 'Wolf',
  logo: 'wolf',
  title: 'Wolf Appliance Repair St Augustine',
  description: `Same-day, factory-authorized Wolf range, oven and cooktop repair in ${brandPageArea}. Genuine parts, warranty, service since 1984.`,
  keywords: 'Wolf repair, Wolf range repair, Wolf oven repair, Wolf appliance service St Augustine, dual-fuel range repair',
  headline: 'Wolf Appliance Repair in St Augustine',
  intro: `Factory-authorized Wolf service with same-day appointments across ${brandPageArea}. From dual-stacked burners to steam ovens, we restore the performance you paid for, with genuine Wolf parts.`,
  benefits: [
    { title: 'Factory-Authorized', text: 'Technicians trained on Wolf gas, dual-fuel, induction and steam products.' },
    { title: 'Genuine Parts', text: 'Only genuine Wolf igniters, valves, elements and controls.' },
    { title: 'Warranty', text: 'Every repair is covered by our parts and labor warranty.' },
  ],
  servicesHeading: 'Wolf services',
  services: [
    'Dual-fuel range repair',
    'Gas range and rangetop repair',
    'Wall oven repair',
    'Steam oven repair',
    'Induction cooktop repair',
    'Igniter and spark module replacement',
    'Oven temperature calibration',
    'Convection fan repair',
    'Warming drawer repair',
  ],
};
