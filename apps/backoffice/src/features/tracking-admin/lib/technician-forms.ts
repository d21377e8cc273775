import {
  createTechnicianSchema,
  updateLocationSchema,
  updateTechnicianSchema,
  type CreateTechnician,
  type UpdateLocation,
  type UpdateTechnician,
} from '@repo/contracts';
import type { FieldErrors } from '@repo/ui';
import { splitCommaList } from './format.ts';
import { bySchema, type Checked } from '../../../lib/use-form.ts';

/**
 * The two pages' form rules: each page's required fields and toast, then the server's own schema
 * (lengths, coordinate ranges), so a form never sends what the server would refuse.
 */

const missing = (description: string) => ({ title: 'Missing Information', description });

function blanks<K extends string>(values: Record<K, string>, messages: Partial<Record<K, string>>): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const name of Object.keys(messages) as K[]) {
    if (!values[name]?.trim()) errors[name] = messages[name];
  }
  return errors;
}

const hasAny = (errors: FieldErrors): boolean => Object.values(errors).some(Boolean);

/** An optional number typed as text: undefined when blank, NaN when not a number (the schema says so). */
const numberOrBlank = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text));

export type NewTechnicianFields = 'name' | 'phone' | 'vehicleInfo' | 'specialties';

/** Technician management's Add New Technician: every field required ('Please fill in all fields'). */
export function checkNewTechnician(values: Record<NewTechnicianFields, string>): Checked<NewTechnicianFields, CreateTechnician> {
  const specialties = splitCommaList(values.specialties);
  const errors = blanks(values, {
    name: 'Name is required',
    phone: 'Phone is required',
    vehicleInfo: 'Vehicle information is required',
    specialties: 'Specialties are required',
  });
  if (!errors.specialties && specialties.length === 0) errors.specialties = 'Specialties are required';
  if (hasAny(errors)) return { ok: false, errors, toast: missing('Please fill in all fields') };
  return bySchema(createTechnicianSchema, { name: values.name, phone: values.phone, vehicleInfo: values.vehicleInfo, specialties });
}

export type TechnicianEditFields = 'name' | 'phone' | 'vehicleInfo';

/** Technician management's inline edit: name, phone and vehicle info required ('Please fill in all required fields'). */
export function checkTechnicianEdit(values: Record<TechnicianEditFields, string>): Checked<TechnicianEditFields, UpdateTechnician> {
  const errors = blanks(values, { name: 'Name is required', phone: 'Phone is required', vehicleInfo: 'Vehicle info is required' });
  if (hasAny(errors)) return { ok: false, errors, toast: missing('Please fill in all required fields') };
  return bySchema(updateTechnicianSchema, values);
}

export type LocationFields = 'lat' | 'lng' | 'address';

/** Technician management's Update Location: all three required ('Please fill in all location fields'); numbers sent. */
export function checkLocation(values: Record<LocationFields, string>): Checked<LocationFields, UpdateLocation> {
  const errors = blanks(values, { lat: 'Latitude is required', lng: 'Longitude is required', address: 'Address is required' });
  if (hasAny(errors)) return { ok: false, errors, toast: missing('Please fill in all location fields') };
  return bySchema(updateLocationSchema, { lat: Number(values.lat), lng: Number(values.lng), address: values.address });
}

export type AdminTechnicianFields = 'name' | 'phone' | 'specialties' | 'vehicle' | 'lat' | 'lng';

/**
 * Tracking administration's Add Technician: only name and phone required ('Please fill in all required fields'); a
 * starting position needs both coordinates. Sends the admin page's shape (vehicle, lat, lng and location).
 */
export function checkAdminTechnician(values: Record<AdminTechnicianFields, string>): Checked<AdminTechnicianFields, CreateTechnician> {
  const errors = blanks(values, { name: 'Name is required', phone: 'Phone is required' });
  if (hasAny(errors)) return { ok: false, errors, toast: missing('Please fill in all required fields') };
  const lat = numberOrBlank(values.lat);
  const lng = numberOrBlank(values.lng);
  if ((lat === undefined) !== (lng === undefined)) {
    const pair = lat === undefined ? { lat: 'Latitude is required with a longitude' } : { lng: 'Longitude is required with a latitude' };
    return { ok: false, errors: pair, toast: missing('Give both latitude and longitude, or neither') };
  }
  const vehicle = values.vehicle.trim();
  return bySchema(createTechnicianSchema, {
    name: values.name,
    phone: values.phone,
    specialties: splitCommaList(values.specialties),
    ...(vehicle ? { vehicle } : {}),
    ...(lat !== undefined && lng !== undefined ? { lat, lng, location: { lat, lng } } : {}),
  });
}
