import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { lazy, startTransition, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { booking, ui, type Appointment, type Customer } from '@repo/contracts';
import { ApiRequestError, dismissToasts, errorMessage, fieldErrorsOf, newIdempotencyKey, showToast, useDocumentTitle, useFieldErrors } from '@repo/ui';
import { EmergencyBanner } from '../../../components/emergency-banner.tsx';
import { FloatingContact } from '../../../components/floating-contact.tsx';
import { useAfterHydration } from '../../../lib/after-hydration.ts';
import { useCreateAppointment } from '../api/create-appointment.ts';
import { confirmationAddress, confirmationToken, confirmedAppointmentId, keepConfirmationToken } from '../lib/confirmation-address.ts';
import { prefillContact } from '../lib/prefill-contact.ts';
import './booking.css';
import type { CheckedContactInfo, ContactField, ContactInfo } from './contact-step.tsx';
import { DateTimeStep } from './date-time-step.tsx';
import type { CheckedServiceDetails, ServiceDetails } from './service-details-step.tsx';
import { bookingPhotosOf, type WizardPhoto } from './booking-photos.tsx';
import { StepIndicator } from './step-indicator.tsx';

/**
 * What the prerendered first step does not show loads when it is needed: the later steps (with the contract's checks
 * of their fields), the confirmation and the signed-in check. The steps, and the question who is signed in, start as
 * soon as the visitor picks a date, so Next rarely waits and the account is there by the contact step; a step change
 * is a transition, so the current step stays on screen until the next one's code is there.
 */
const loadServiceDetailsStep = () => import('./service-details-step.tsx');
const loadContactStep = () => import('./contact-step.tsx');
const loadConfirmationView = () => import('./confirmation-view.tsx');
const ServiceDetailsStep = lazy(() => loadServiceDetailsStep().then((module) => ({ default: module.ServiceDetailsStep })));
const ContactStep = lazy(() => loadContactStep().then((module) => ({ default: module.ContactStep })));
const ConfirmationView = lazy(() => loadConfirmationView().then((module) => ({ default: module.ConfirmationView })));
const SignedInAccount = lazy(() => import('./signed-in-account.tsx').then((module) => ({ default: module.SignedInAccount })));

function loadLaterSteps() {
  void loadServiceDetailsStep();
  void loadContactStep();
}

type Step = 1 | 2 | 3 | 4;

const stepTitles: Record<Exclude<Step, 4>, string> = {
  1: 'Select Date & Time',
  2: 'Service Details',
  3: 'Contact Information',
};

const emptyDetails: ServiceDetails = { serviceType: '', appliance: '', brand: '', description: '', modelNumber: '', serialNumber: '', warranty: '', homeWarrantyCompany: '' };
/** Step 2's fields, so a refusal naming one of them (the server checks as the step does) is shown there. */
const detailsFields = Object.keys(emptyDetails) as (keyof ServiceDetails)[];
const emptyContact: ContactInfo = { customerName: '', phone: '', email: '', address: '', city: '', state: booking.defaultState, zipCode: '' };
const missingInformation = (description: string) => showToast({ title: 'Missing Information', description, variant: 'destructive' });
const contactFields: ContactField[] = [...(Object.keys(emptyContact) as (keyof ContactInfo)[]), 'smsConsent'];

/**
 * The booking wizard: date and time, service details, contact information, confirmation. When the chosen slot is
 * taken meanwhile the visitor is sent back to step 1 with fresh times and everything else they typed kept. The
 * confirmation has its own address (`?confirmed=<id>`), so a refresh shows it again; a toast of a step goes when the
 * step is left.
 */
export function BookingWizard() {
  useDocumentTitle('Book an Appointment', 'Book an appliance repair appointment online in St Augustine, FL: choose a date and time, tell us about the appliance, and we will confirm within 24 hours.');
  const [step, setStep] = useState<Exclude<Step, 4>>(1);
  const hydrated = useAfterHydration();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  // The prerendered page (the same for every address) is step 1; a confirmation's address applies once hydrated.
  const confirmedId = hydrated ? confirmedAppointmentId(search) : null;
  const [date, setDate] = useState<string | null>(null);
  const [timeSlot, setTimeSlot] = useState<string | null>(null);
  const [details, setDetails] = useState<ServiceDetails>(emptyDetails);
  // The service details as checked when the visitor left step 2, sent with the booking.
  const [checkedDetails, setCheckedDetails] = useState<CheckedServiceDetails | null>(null);
  const [contact, setContact] = useState<ContactInfo>(emptyContact);
  // Step 2's optional photos, uploaded as they are added; the booking names those that arrived.
  const [photos, setPhotos] = useState<WizardPhoto[]>([]);
  const [photoNotice, setPhotoNotice] = useState<string | null>(null);
  // Consent to texts about this appointment: unticked until the visitor ticks it, and again for the next booking.
  const [smsConsent, setSmsConsent] = useState(false);
  const detailsErrors = useFieldErrors<keyof ServiceDetails>();
  const contactErrors = useFieldErrors<ContactField>();
  const [slotNotice, setSlotNotice] = useState<string | null>(null);
  // The appointment just booked, shown at once on its confirmation address without asking the server again.
  const [booked, setBooked] = useState<{ appointment: Appointment; manageToken: string } | null>(null);
  /**
   * The booking's Idempotency-Key belongs to the filled-in form, not to the click: the same request (a second tap, a
   * retry after a lost answer, even a tap landing after the first answer came back) carries the same key, and the
   * server answers the one booking again. Only a changed form gets a new key.
   */
  const attempt = useRef<{ key: string; request: string } | null>(null);
  // Set from the first tap until the answer is handled; a tap queued behind it (a slow phone) does nothing.
  const submitting = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const confirmationHeadingRef = useRef<HTMLHeadingElement>(null);
  const focusConfirmation = useRef(false);
  const startAfresh = useRef(false);
  const firstRender = useRef(true);
  const create = useCreateAppointment();
  // Set when the visitor picks a first date: the later steps and the signed-in check start then.
  const [started, setStarted] = useState(false);
  // A signed-in customer's details fill the empty contact fields once their account arrives (in the background); a
  // failed check only means nothing is filled in.
  const [account, setAccount] = useState<Customer | null>(null);
  const prefilledFor = useRef<number | null>(null);
  const takeAccount = useCallback((customer: Customer) => {
    setAccount(customer);
    if (prefilledFor.current === customer.id) return;
    prefilledFor.current = customer.id;
    setContact((current) => prefillContact(current, customer));
  }, []);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      window.scrollTo({ top: 0 });
      return;
    }
    const timer = window.setTimeout(() => {
      // A field (or the rating-plate help's disclosure) already holds focus (the visitor started typing, or a refusal was shown at its field on a slow
      // device before this ran): it keeps it, rather than being taken back to the heading.
      if (document.activeElement?.matches('input, select, textarea, summary')) return;
      window.scrollTo({ top: 0, behavior: 'smooth' });
      headingRef.current?.focus({ preventScroll: true });
    }, ui.stepScrollDelayMs);
    return () => window.clearTimeout(timer);
  }, [step]);

  // After booking, focus moves to the confirmation's heading (not when the address is opened afresh).
  useEffect(() => {
    if (confirmedId === null || !focusConfirmation.current) return;
    focusConfirmation.current = false;
    window.scrollTo({ top: 0 });
    confirmationHeadingRef.current?.focus();
  }, [confirmedId, booked]);

  // Once the confirmation is on screen, a new booking from here (Back from the confirmation) starts afresh; the contact
  // details stay. Done after the confirmation shows, so the filled-in step never flashes back to an empty first step.
  useEffect(() => {
    if (confirmedId === null || !startAfresh.current) return;
    startAfresh.current = false;
    setDate(null);
    setTimeSlot(null);
    setDetails(emptyDetails);
    setCheckedDetails(null);
    setPhotos([]);
    setPhotoNotice(null);
    setSmsConsent(false);
    setStep(1);
  }, [confirmedId]);

  /** Leaving a step takes its toast (a Missing Information notice, say) with it. */
  const goTo = (next: Exclude<Step, 4>) => {
    dismissToasts();
    startTransition(() => setStep(next));
  };

  const chooseDate = (value: string) => {
    loadLaterSteps();
    setStarted(true);
    if (value !== date) setTimeSlot(null);
    setDate(value);
    setSlotNotice(null);
  };

  const submit = (checkedContact: CheckedContactInfo) => {
    if (!date || !timeSlot) return missingInformation('Please select a date and time slot.');
    if (!checkedDetails) return missingInformation('Please complete all service details.');
    if (submitting.current) return;
    const request = { ...checkedContact, ...checkedDetails, appointmentDate: date, timeSlot, smsConsent, photos: bookingPhotosOf(photos) };
    const fingerprint = JSON.stringify(request);
    if (attempt.current?.request !== fingerprint) attempt.current = { key: newIdempotencyKey('booking'), request: fingerprint };
    submitting.current = true;
    // The confirmation's code arrives while the booking is made.
    void loadConfirmationView();
    create.mutate(
      { request, idempotencyKey: attempt.current.key },
      {
        onSettled: () => {
          submitting.current = false;
        },
        onSuccess: (answer) => {
          const { appointment, manageToken } = answer;
          keepConfirmationToken(appointment.id, manageToken);
          setBooked({ appointment, manageToken });
          dismissToasts();
          focusConfirmation.current = true;
          startAfresh.current = true;
          navigate(confirmationAddress(appointment.id));
          showToast({ title: 'Appointment Booked!', description: "Your appointment has been scheduled successfully. We'll contact you with confirmation details." });
        },
        onError: (error) => {
          showToast({ title: 'Booking Failed', description: errorMessage(error, 'Failed to book appointment. Please try again.'), variant: 'destructive' });
          if (!(error instanceof ApiRequestError)) return; // network trouble: the same key makes a retry safe
          attempt.current = null;
          const fields = error.apiError?.fields ?? {};
          if (error.status === 409 || fields.appointmentDate || fields.timeSlot) {
            setSlotNotice(fields.timeSlot ?? fields.appointmentDate ?? errorMessage(error));
            setTimeSlot(null);
            setStep(1);
            return;
          }
          if (fields.photos) {
            // The photos could not be attached (they expired, say): the visitor adds them again or books without them.
            setPhotos([]);
            setPhotoNotice(fields.photos);
            setStep(2);
            return;
          }
          const detailsRefused = fieldErrorsOf(error, detailsFields);
          if (Object.values(detailsRefused).some(Boolean)) {
            setStep(2);
            detailsErrors.show(detailsRefused);
            return;
          }
          contactErrors.show(fieldErrorsOf(error, contactFields));
        },
      },
    );
  };

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <EmergencyBanner variant="compact" />
        <Stack gap={4} ta="center">
          <Title order={1}>Schedule Your Appliance Repair</Title>
          <Text c="dimmed">Book online in three short steps. We&apos;ll call within {booking.confirmationCallHours} hours to confirm.</Text>
        </Stack>
        <StepIndicator step={confirmedId !== null ? 4 : step} />
        <Paper withBorder radius="md" shadow="xs" className="panel-padding">
          <Suspense fallback={<Text role="status">Loading...</Text>}>
            {confirmedId !== null ? (
              <ConfirmationView
                id={confirmedId}
                token={confirmationToken(confirmedId, location.hash)}
                booked={booked?.appointment.id === confirmedId ? booked : null}
                headingRef={confirmationHeadingRef}
              />
            ) : (
              <Title order={2} fz="xl" mb="md" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }}>
                {stepTitles[step]}
              </Title>
            )}
            {confirmedId === null && step === 1 && (
              <DateTimeStep
                showCalendar={hydrated}
                date={date}
                timeSlot={timeSlot}
                notice={slotNotice}
                onDate={chooseDate}
                onSlot={(slot) => {
                  setTimeSlot(slot);
                  setSlotNotice(null);
                }}
                onNext={() => goTo(2)}
              />
            )}
            {confirmedId === null && step === 2 && (
              <ServiceDetailsStep
                details={details}
                errors={detailsErrors}
                onFieldChange={(name, value) => {
                  setDetails((current) => ({ ...current, [name]: value }));
                  detailsErrors.clear(name);
                }}
                onBack={() => goTo(1)}
                onNext={(checked) => {
                  setCheckedDetails(checked);
                  goTo(3);
                }}
                onMissing={() => missingInformation('Please fill in all service details before continuing.')}
                photos={photos}
                updatePhotos={(change) => {
                  setPhotoNotice(null);
                  setPhotos(change);
                }}
                photoNotice={photoNotice}
              />
            )}
            {confirmedId === null && step === 3 && (
              <ContactStep
                contact={contact}
                smsConsent={smsConsent}
                errors={contactErrors}
                busy={create.isPending}
                date={date}
                timeSlot={timeSlot}
                details={details}
                account={account}
                onFieldChange={(name, value) => {
                  setContact((current) => ({ ...current, [name]: value }));
                  contactErrors.clear(name);
                }}
                onSmsConsentChange={(agreed) => {
                  setSmsConsent(agreed);
                  contactErrors.clear('smsConsent');
                }}
                onBack={() => goTo(2)}
                onSubmit={submit}
              />
            )}
          </Suspense>
        </Paper>
      </Stack>
      {started ? (
        <Suspense fallback={null}>
          <SignedInAccount onAccount={takeAccount} />
        </Suspense>
      ) : null}
      <FloatingContact withBooking={false} />
    </Container>
  );
}
