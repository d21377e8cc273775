import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { bookableDates, booking, contactInfoSchema, serviceDetailsSchema, ui, type CreateAppointmentResponse } from '@repo/contracts';
import { ApiRequestError, errorMessage, fieldErrorsOf, newIdempotencyKey, showToast, useDocumentTitle, useFieldErrors, useHydrated, useSignedInCustomer } from '@repo/ui';
import { EmergencyBanner } from '../../../components/emergency-banner.tsx';
import { FloatingContact } from '../../../components/floating-contact.tsx';
import { useCreateAppointment } from '../api/create-appointment.ts';
import { prefillContact } from '../lib/prefill-contact.ts';
import './booking.css';
import { Confirmation } from './confirmation.tsx';
import { ContactStep, type ContactInfo } from './contact-step.tsx';
import { DateTimeStep } from './date-time-step.tsx';
import { ServiceDetailsStep, type ServiceDetails } from './service-details-step.tsx';
import { StepIndicator } from './step-indicator.tsx';

type Step = 1 | 2 | 3 | 4;

const stepTitles: Record<Step, string> = {
  1: 'Select Date & Time',
  2: 'Service Details',
  3: 'Contact Information',
  4: 'Appointment Confirmed',
};

const emptyDetails: ServiceDetails = { serviceType: '', appliance: '', brand: '', description: '' };
const emptyContact: ContactInfo = { customerName: '', phone: '', email: '', address: '', city: '', state: booking.defaultState, zipCode: '' };
const missingInformation = (description: string) => showToast({ title: 'Missing Information', description, variant: 'destructive' });
const contactFields = Object.keys(emptyContact) as (keyof ContactInfo)[];

/**
 * The booking wizard: date and time, service details, contact information, confirmation. When the chosen slot is
 * taken meanwhile the visitor is sent back to step 1 with fresh times and everything else they typed kept.
 */
export function BookingWizard() {
  useDocumentTitle('Book an Appointment', 'Book an appliance repair appointment online in St Augustine, FL: choose a date and time, tell us about the appliance, and we will confirm within 24 hours.');
  const [step, setStep] = useState<Step>(1);
  // Dates come from the business's today in the browser, never from the day the page was prerendered.
  const hydrated = useHydrated();
  const dates = useMemo(() => (hydrated ? bookableDates() : null), [hydrated]);
  const [date, setDate] = useState<string | null>(null);
  const [timeSlot, setTimeSlot] = useState<string | null>(null);
  const [details, setDetails] = useState<ServiceDetails>(emptyDetails);
  const [contact, setContact] = useState<ContactInfo>(emptyContact);
  const detailsErrors = useFieldErrors<keyof ServiceDetails>();
  const contactErrors = useFieldErrors<keyof ContactInfo>();
  const [slotNotice, setSlotNotice] = useState<string | null>(null);
  const [result, setResult] = useState<CreateAppointmentResponse | null>(null);
  const idempotencyKey = useRef<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);
  const create = useCreateAppointment();
  // A signed-in customer's details fill the empty contact fields once their account arrives (in the background); a
  // failed check only means nothing is filled in.
  const account = useSignedInCustomer().data ?? null;
  const [prefilledFor, setPrefilledFor] = useState<number | null>(null);
  if (account && prefilledFor !== account.id) {
    setPrefilledFor(account.id);
    setContact((current) => prefillContact(current, account));
  }

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      window.scrollTo({ top: 0 });
      return;
    }
    const timer = window.setTimeout(() => {
      window.scrollTo({ top: 0, behavior: 'smooth' });
      headingRef.current?.focus({ preventScroll: true });
    }, ui.stepScrollDelayMs);
    return () => window.clearTimeout(timer);
  }, [step]);

  const chooseDate = (value: string) => {
    if (value !== date) setTimeSlot(null);
    setDate(value);
    setSlotNotice(null);
  };

  const goToContact = () => {
    if (!detailsErrors.check(serviceDetailsSchema, details)) return missingInformation('Please fill in all service details before continuing.');
    setStep(3);
  };

  const submit = () => {
    if (!date || !timeSlot) return missingInformation('Please select a date and time slot.');
    const service = serviceDetailsSchema.safeParse(details);
    if (!service.success) return missingInformation('Please complete all service details.');
    const checkedContact = contactErrors.check(contactInfoSchema, contact);
    if (!checkedContact) return;
    idempotencyKey.current ??= newIdempotencyKey('booking');
    create.mutate(
      {
        request: { ...checkedContact, ...service.data, description: service.data.description || undefined, appointmentDate: date, timeSlot },
        idempotencyKey: idempotencyKey.current,
      },
      {
        onSuccess: (answer) => {
          idempotencyKey.current = null;
          setResult(answer);
          setStep(4);
          showToast({ title: 'Appointment Booked!', description: "Your appointment has been scheduled successfully. We'll contact you with confirmation details." });
        },
        onError: (error) => {
          showToast({ title: 'Booking Failed', description: errorMessage(error, 'Failed to book appointment. Please try again.'), variant: 'destructive' });
          if (!(error instanceof ApiRequestError)) return; // network trouble: the same key makes a retry safe
          idempotencyKey.current = null;
          const fields = error.apiError?.fields ?? {};
          if (error.status === 409 || fields.appointmentDate || fields.timeSlot) {
            setSlotNotice(fields.timeSlot ?? fields.appointmentDate ?? errorMessage(error));
            setTimeSlot(null);
            setStep(1);
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
        <StepIndicator step={step} />
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} shadow="xs">
          <Title order={2} fz="xl" mb="md" ref={headingRef} tabIndex={-1} style={{ outline: 'none' }} hidden={step === 4}>
            {stepTitles[step]}
          </Title>
          {step === 1 && (
            <DateTimeStep
              dates={dates}
              date={date}
              timeSlot={timeSlot}
              notice={slotNotice}
              onDate={chooseDate}
              onSlot={(slot) => {
                setTimeSlot(slot);
                setSlotNotice(null);
              }}
              onNext={() => setStep(2)}
            />
          )}
          {step === 2 && (
            <ServiceDetailsStep
              details={details}
              errors={detailsErrors}
              onFieldChange={(name, value) => {
                setDetails((current) => ({ ...current, [name]: value }));
                detailsErrors.clear(name);
              }}
              onBack={() => setStep(1)}
              onNext={goToContact}
            />
          )}
          {step === 3 && (
            <ContactStep
              contact={contact}
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
              onBack={() => setStep(2)}
              onSubmit={submit}
            />
          )}
          {step === 4 && result && <Confirmation result={result} />}
        </Paper>
      </Stack>
      <FloatingContact withBooking={false} />
    </Container>
  );
}
