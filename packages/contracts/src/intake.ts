import { z } from 'zod';
import type { appliances } from './choices.ts';

/* ---------------------------------------------------------------------------------------------------------------
 * The appliance intake at booking: model and serial number from the rating plate and the
 * warranty it may be under, all optional, so the technician brings the right part the first time.
 * ------------------------------------------------------------------------------------------------------------- */

/** Whether the appliance is under a warranty: the manufacturer's, a home-warranty plan, or neither / not sure. */
export const warrantyCoverages = ['manufacturer', 'home-warranty', 'none'] as const;
export type WarrantyCoverage = (typeof warrantyCoverages)[number];
export const warrantyCoverageLabels: Record<WarrantyCoverage, string> = {
  manufacturer: "Manufacturer's warranty",
  'home-warranty': 'Home-warranty plan',
  none: 'Neither / not sure',
};

export const intakeLimits = { plateMin: 3, plateMax: 40, homeWarrantyCompany: 100 } as const;

export const intakeMessages = {
  modelLength: `Model number must be ${intakeLimits.plateMin} to ${intakeLimits.plateMax} characters`,
  modelCharacters: 'Model number may hold only letters, digits, spaces and - / .',
  serialLength: `Serial number must be ${intakeLimits.plateMin} to ${intakeLimits.plateMax} characters`,
  serialCharacters: 'Serial number may hold only letters, digits, spaces and - / .',
  warranty: 'Warranty must be one of the listed options',
  homeWarrantyCompany: `The plan company's name must be at most ${intakeLimits.homeWarrantyCompany} characters`,
} as const;

/**
 * A number as printed on the rating plate, typed by a person: trimmed, runs of spaces made one, upper-cased (plates
 * print capitals; "wrf555sdfz" and "WRF555SDFZ" are one model). Letters, digits, spaces and - / . only, with at least
 * one letter or digit. Empty means not given.
 */
const plateNumber = (length: string, characters: string) =>
  z
    .string({ error: characters })
    .trim()
    .transform((value) => value.replace(/\s+/g, ' ').toUpperCase())
    .refine((value) => value === '' || (value.length >= intakeLimits.plateMin && value.length <= intakeLimits.plateMax), length)
    .refine((value) => value === '' || (/^[A-Z0-9 ./-]+$/.test(value) && /[A-Z0-9]/.test(value)), characters);

/**
 * The intake fields of the wizard's step 2 (and of a booking request): each optional, empty meaning not given. The
 * plan company is kept only for a home-warranty plan (the booking drops it otherwise, as the form hides it).
 */
export const intakeFieldsSchema = z.object({
  modelNumber: plateNumber(intakeMessages.modelLength, intakeMessages.modelCharacters).optional(),
  serialNumber: plateNumber(intakeMessages.serialLength, intakeMessages.serialCharacters).optional(),
  warranty: z.enum(warrantyCoverages, { error: intakeMessages.warranty }).optional(),
  homeWarrantyCompany: z
    .string({ error: intakeMessages.homeWarrantyCompany })
    .trim()
    .transform((value) => value.replace(/\s+/g, ' '))
    .refine((value) => value.length <= intakeLimits.homeWarrantyCompany, intakeMessages.homeWarrantyCompany)
    .optional(),
});
export type IntakeFields = z.input<typeof intakeFieldsSchema>;

/** The intake as an appointment carries it: what was given, null for what was not. */
export const applianceIntakeSchema = z.object({
  modelNumber: z.string().nullable(),
  serialNumber: z.string().nullable(),
  warranty: z.enum(warrantyCoverages).nullable(),
  homeWarrantyCompany: z.string().nullable(),
});
export type ApplianceIntake = z.infer<typeof applianceIntakeSchema>;

/** The stored intake of parsed fields, or null when nothing was given. */
export function intakeOf(fields: z.output<typeof intakeFieldsSchema>): ApplianceIntake | null {
  const intake: ApplianceIntake = {
    modelNumber: fields.modelNumber || null,
    serialNumber: fields.serialNumber || null,
    warranty: fields.warranty ?? null,
    homeWarrantyCompany: (fields.warranty === 'home-warranty' && fields.homeWarrantyCompany) || null,
  };
  return Object.values(intake).some((value) => value !== null) ? intake : null;
}

/**
 * Where the rating plate (model and serial number) usually is, per appliance of the booking's choice list. A plate's
 * place varies by brand and model; these are the places to look first.
 */
export const ratingPlateHelp: Record<(typeof appliances)[number], string> = {
  Refrigerator:
    'Inside the fresh-food compartment on a side wall or the ceiling, or behind the crisper drawer. Built-in models (Sub-Zero, for one): behind the top grille.',
  Freezer: 'Inside on a side wall or the ceiling near the door. Chest freezers: under the lid rim, or on the outside back or side.',
  Washer: 'Top-loaders: under the lid or on the back of the control panel. Front-loaders: inside the door frame, or on the back.',
  Dryer: 'Inside the door frame (open the door and look around the opening), or on the back panel.',
  Dishwasher: 'On the edge of the door or on the tub frame: open the door and look along its sides and top.',
  Oven: 'On the frame inside the oven door (open the door and look around the opening), or behind the storage drawer.',
  Range: 'Behind the storage drawer (pull it out) or on the frame inside the oven door.',
  Stove: 'Behind the storage drawer (pull it out) or on the frame inside the oven door.',
  Cooktop: 'On the underside of the cooktop, seen from the cabinet below; the installation manual often has a copy.',
  'Ice Maker': 'Inside the door on the frame, or behind the lower front grille (kick plate).',
  Microwave: 'Inside the door frame (open the door), or on the back or a side panel.',
  'Wine Cooler': 'Inside on a side wall or the ceiling, or behind the lower front grille.',
  'Garbage Disposal': 'On the bottom or the side of the unit, under the sink.',
  'Range Hood': 'Inside the hood, behind the grease filters (they lift or slide out).',
  'Warming Drawer': 'On the side of the drawer or its frame: pull the drawer fully open.',
  Compactor: 'On the frame inside the drawer opening: pull the drawer fully open.',
  Other: 'On a label on the back, a side, or inside a door or drawer frame. The owner’s manual or the receipt often names the model.',
};

/**
 * `GET /api/appointments/:id/intake` (the technician assigned to the appointment, staff): the intake before the visit.
 * Anyone else, a technician of another job included, gets the answer of a missing appointment (404).
 */
export const appointmentIntakePath = (id: number | string) => `/api/appointments/${id}/intake`;
export const appointmentIntakeResponseSchema = z.object({
  appointmentId: z.number().int(),
  appliance: z.string(),
  intake: applianceIntakeSchema.nullable(),
});
export type AppointmentIntakeResponse = z.infer<typeof appointmentIntakeResponseSchema>;
