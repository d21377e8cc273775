export const serviceTypes = ['Diagnostic', 'Repair', 'Maintenance', 'Installation', 'Emergency Service'] as const;

export const appliances = [
  'Refrigerator', 'Washer', 'Dryer', 'Dishwasher', 'Oven', 'Range', 'Stove', 'Cooktop', 'Freezer', 'Ice Maker',
  'Microwave', 'Wine Cooler', 'Garbage Disposal', 'Range Hood', 'Warming Drawer', 'Compactor', 'Other',
] as const;

export const brands = [
  'Sub-Zero', 'KitchenAid', 'GE', 'LG', 'Samsung', 'Whirlpool', 'Maytag', 'Kenmore', 'Bosch', 'Frigidaire', 'Viking',
  'Wolf', 'Thermador', 'Jenn-Air', 'Amana', 'Electrolux', 'Fisher & Paykel', 'Miele', 'Dacor', 'Haier', 'Hotpoint',
  'Roper', 'Speed Queen', 'Estate', 'Crosley', 'Magic Chef', 'Admiral', 'Cafe', 'Profile', 'Monogram', 'Other',
] as const;

export const states = [
  { value: 'FL', label: 'Florida' },
  { value: 'GA', label: 'Georgia' },
  { value: 'AL', label: 'Alabama' },
  { value: 'SC', label: 'South Carolina' },
  { value: 'NC', label: 'North Carolina' },
] as const;
export const stateCodes = ['FL', 'GA', 'AL', 'SC', 'NC'] as const;

export const technicianStatuses = ['available', 'busy', 'offline'] as const;
export const trackingStatuses = ['dispatched', 'en-route', 'arrived', 'in-progress', 'completed'] as const;
/** The stages of a visit under way, as tracking has them; booking keeps the current one beside the appointment. */
export const visitStages = ['en-route', 'arrived', 'in-progress'] as const;
/** `no-show`: the customer was not there when the technician came (staff mark it once the arrival window has started). */
export const appointmentStatuses = ['scheduled', 'confirmed', 'in-progress', 'completed', 'cancelled', 'no-show'] as const;
export const serviceRequestStatuses = ['pending', 'scheduled', 'in-progress', 'completed', 'cancelled'] as const;
export const serviceSystemIds = ['servicepro', 'servicetitan', 'jobber'] as const;
/** A technician signs in to the back office's phone view and sees only their own jobs. */
export const roles = ['customer', 'technician', 'staff', 'admin'] as const;
export type Role = (typeof roles)[number];
