import type { TrackingStatus } from '@repo/contracts';

/** The one next step of a job, as the technician's big button says it; none once complete. */
export const nextStep: Record<TrackingStatus, { status: TrackingStatus; label: string } | undefined> = {
  dispatched: { status: 'en-route', label: 'Start driving' },
  'en-route': { status: 'arrived', label: "I've arrived" },
  arrived: { status: 'in-progress', label: 'Start work' },
  'in-progress': { status: 'completed', label: 'Complete job' },
  completed: undefined,
};

/** Where a job stands, in the technician's words. */
export const jobStatusLabels: Record<TrackingStatus, string> = {
  dispatched: 'Not started',
  'en-route': 'Driving to the customer',
  arrived: 'Arrived',
  'in-progress': 'Working',
  completed: 'Completed',
};
