import type { AppointmentStatus, Technician, TrackingRecord, TrackingStatus } from '@repo/contracts';

export type BackOfficeStatus = Technician['status'] | TrackingStatus | AppointmentStatus;

/**
 * The back office's names for the statuses (its en_route and working are display names of en-route and in-progress,
 * and underscores read as spaces). One vocabulary in the data, these words on screen.
 */
export const statusLabels: Record<BackOfficeStatus, string> = {
  available: 'Available',
  busy: 'Busy',
  offline: 'Offline',
  dispatched: 'Dispatched',
  'en-route': 'En Route',
  arrived: 'Arrived',
  'in-progress': 'In Progress',
  completed: 'Completed',
  scheduled: 'Scheduled',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  'no-show': 'No-Show',
};

/** Dark text on a pale fill of the status's colour: 7:1 contrast or more. */
export const statusColors: Record<BackOfficeStatus, { background: string; text: string }> = {
  available: { background: '#dcfce7', text: '#166534' },
  busy: { background: '#ffedd5', text: '#9a3412' },
  offline: { background: '#f1f3f5', text: '#343a40' },
  dispatched: { background: '#dbeafe', text: '#1e40af' },
  'en-route': { background: '#fef9c3', text: '#854d0e' },
  arrived: { background: '#dcfce7', text: '#166534' },
  'in-progress': { background: '#ede9fe', text: '#5b21b6' },
  completed: { background: '#f1f3f5', text: '#343a40' },
  scheduled: { background: '#dbeafe', text: '#1e40af' },
  confirmed: { background: '#e0f2fe', text: '#075985' },
  cancelled: { background: '#fee2e2', text: '#991b1b' },
  'no-show': { background: '#fef3c7', text: '#92400e' },
};

/** A technician is active unless offline. */
export const isActiveTechnician = (technician: Technician): boolean => technician.status !== 'offline';

/** A tracking record is active unless completed (or closed: unassigned, cancelled). */
export const isActiveTracking = (record: TrackingRecord): boolean => record.status !== 'completed' && record.closed === null;
