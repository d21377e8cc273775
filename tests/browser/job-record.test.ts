import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { addDays, appointmentManagePath, bookableDates, businessDate, jobRecordMessages, jobRecordPath, waitingForPartsWords, type JobRecordResponse } from '@repo/contracts';
import { useBrowser } from '../support/browser.ts';
import { waitForEmail } from '../support/mail.ts';
import { bookByApi, newContext, newCustomer, open, phone, signedInContext, urls } from './portal-support.ts';
import { boardOf, card, signIn } from './backoffice-support.ts';
import { assignAndWaitForTracking, noScrollSideways, staffCall, staffToken, submitBackOfficeSignIn, technicianWithSignIn } from './tracking-support.ts';
import { axeViolations } from './web-support.ts';

/**
 * A photo as a phone takes it: 4000 × 3000 of fine detail (so it stays about 8 MB as a JPEG), with the place it was
 * taken (GPS) and the camera in its EXIF.
 */
async function phonePhoto(name: string, seed: number): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const pixels = Buffer.alloc(4000 * 3000 * 3);
  let value = 0x9e3779b9 ^ seed;
  for (let index = 0; index < pixels.length; index += 1) {
    value ^= value << 13;
    value ^= value >>> 17;
    value ^= value << 5;
    pixels[index] = value & 0xff;
  }
  const buffer = await sharp(pixels, { raw: { width: 4000, height: 3000, channels: 3 } })
    .jpeg({ quality: 80 })
    .withExif({ IFD0: { Make: 'PhoneCo', Model: 'Pocket 9' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '29/1 53/1 4/1', GPSLongitudeRef: 'W', GPSLongitude: '81/1 18/1 43/1' } })
    .toBuffer();
  return { name: `${name}.jpg`, mimeType: 'image/jpeg', buffer };
}

// Through the real nginx and the built services on PostgreSQL: the technician, arrived at a visit, records on a 390 px
// phone the model and serial as read on the plate, the diagnosis and the part needed, and marks the visit waiting for
// that part; the customer sees "Waiting for parts" with the part and its day on their appointment page, signed in and
// through the confirmation's manage link; the office sees the record on the appointment's card and marks the part
// arrived, books the return visit from the same record on the dispatch board, and the customer's page no longer says it
// waits.
const admin = inject('admin');
const browser = useBrowser();

/** The portal's calendar day ("Dec 04, 2026"), as the appointment page writes the expected day. */
const portalDay = (date: string) => new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

/**
 * A signed-in customer's visit in 3 days, assigned to a new technician who is at the door (arrived); the technician's
 * phone (390 px) signed in on My jobs at that day, with the visit's job record open.
 */
async function technicianAtTheDoor(first: string) {
  const id = randomBytes(3).toString('hex');
  const token = await staffToken();
  const { technician, credentials } = await technicianWithSignIn(token, [first, 'Lowe']);

  const customer = newCustomer(`Avery${id}`);
  const customerName = `${customer.firstName} ${customer.lastName}`;
  const customerContext = await signedInContext(browser(), customer, phone);
  const booked = await bookByApi(customerContext, customerName, customer.email, 3);
  const appointment = booked.appointment;
  await assignAndWaitForTracking(token, appointment.id, technician.id);
  // The technician is at the door: the job record is for the visit itself.
  expect(await staffCall(token, 'PUT', `/api/tracking/${appointment.id}/status`, { status: 'en-route' })).toBe(200);
  expect(await staffCall(token, 'PUT', `/api/tracking/${appointment.id}/status`, { status: 'arrived' })).toBe(200);

  const technicianPhone = await newContext(browser(), phone);
  const { page: jobs, errors: jobErrors } = await open(technicianPhone, `${urls.backoffice}/admin-login`);
  await submitBackOfficeSignIn(jobs, credentials);
  await jobs.waitForURL(`${urls.backoffice}/my-jobs`);
  const openRecord = async () => {
    await jobs.getByLabel('Jobs on').fill(appointment.appointmentDate);
    const job = jobs.getByRole('article', { name: customerName });
    await job.getByRole('button', { name: 'Job record', exact: true }).click();
    const record = job.getByRole('region', { name: `Job record for ${customerName}` });
    await record.getByLabel('Model number').waitFor();
    return record;
  };
  return { token, technician, customerName, customerContext, booked, appointment, technicianPhone, jobs, jobErrors, record: await openRecord(), openRecord };
}

/** The job record as booking has it, read by the office. */
async function recordOf(token: string, appointmentId: number): Promise<JobRecordResponse> {
  const response = await fetch(`${urls.backoffice}${jobRecordPath(appointmentId)}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as JobRecordResponse;
}

describe('the job record and waiting for parts through nginx', () => {
  it('the technician records and marks waiting for parts on a phone; the customer sees it; the office marks the part arrived', async () => {
    const { token, technician, customerName, customerContext, booked, appointment, technicianPhone, jobs, jobErrors, record } = await technicianAtTheDoor('Sage');
    const model = record.getByLabel('Model number');
    // Nothing was given at booking, so nothing is prefilled; a record without a diagnosis is refused at its field.
    expect(await model.inputValue()).toBe('');
    await record.getByRole('button', { name: 'Save job record' }).click();
    await record.getByText(jobRecordMessages.diagnosisRequired).waitFor();
    expect(await record.getByLabel(/^Diagnosis/).getAttribute('aria-invalid')).toBe('true');

    await model.fill(' she3ar75uc ');
    await record.getByLabel('Serial number').fill('fd 9911 00042');
    await record.getByLabel(/^Diagnosis/).fill('Drain pump seized; water left in the tub after the cycle.');
    await record.getByLabel(/^Parts needed/).fill('Drain pump 00620774');
    // Sent from the keyboard: focus on the button, Enter.
    await record.getByRole('button', { name: 'Save job record' }).focus();
    await jobs.keyboard.press('Enter');
    await record.getByText(new RegExp(`^Saved .* by ${technician.name}$`)).waitFor();
    expect(await model.inputValue()).toBe(' she3ar75uc ');

    const expectedOn = addDays(businessDate(), 6);
    await record.getByLabel(/^Part( \*)?$/).fill('Drain pump');
    await record.getByLabel(/^Part number/).fill('00620774');
    await record.getByLabel(/^Expected on/).fill(expectedOn);
    await record.getByRole('button', { name: 'Mark waiting for parts' }).click();
    await record.getByTestId('waiting-for-parts').getByText(/^Waiting for Drain pump \(00620774\), expected /).waitFor();
    await record.getByRole('button', { name: 'Update the part' }).waitFor();
    // Warranty work: the claim's details, behind their button on a visit not booked as under warranty.
    await record.getByRole('button', { name: 'Record a warranty claim' }).click();
    await record.getByLabel(/^Failure code/).fill('e24');
    await record.getByLabel(/^Distributor's part number/).fill('00620774');
    await record.getByLabel(/^Distributor's invoice/).fill('inv 55#102');
    await record.getByLabel(/^Purchase date/).fill('2024-05-17');
    await record.getByRole('button', { name: 'Save warranty claim' }).click();
    await record.getByTestId('warranty-claim-saved').getByText(new RegExp(`^Saved .* by ${technician.name}$`)).waitFor();
    expect(await axeViolations(jobs)).toEqual([]);
    await noScrollSideways(jobs, phone.width);
    expect(jobErrors).toEqual([]);
    await technicianPhone.close();

    // The customer, signed in, on their appointment page and in their portal's list.
    const waitingText = waitingForPartsWords.body.replace('{part}', 'Drain pump').replace('{date}', portalDay(expectedOn));
    const { page: mine, errors: mineErrors } = await open(customerContext, `${urls.portal}/appointments/${appointment.id}`);
    const notice = mine.getByTestId('waiting-for-parts');
    await notice.getByText(waitingText).waitFor();
    await notice.getByText(`${waitingForPartsWords.partNumber}: 00620774`).waitFor();
    await mine.getByTestId('appointment-status').getByText(waitingForPartsWords.title).waitFor();
    // The status the tracking page shows: the technician arrived (tracking told booking; read afresh until it has).
    await expect.poll(async () => {
      await mine.reload();
      return mine.getByTestId('appointment-status').innerText();
    }, { timeout: 30_000, interval: 500 }).toMatch(/^Status:\s*Arrived\s*Waiting for parts$/);
    expect(await axeViolations(mine)).toEqual([]);
    await noScrollSideways(mine, phone.width);
    expect(mineErrors).toEqual([]);

    // The same page through the confirmation's manage link, without an account.
    const guest = await newContext(browser(), phone);
    const { page: linked } = await open(guest, `${urls.portal}${appointmentManagePath(appointment.id, booked.manageToken)}`);
    await linked.getByTestId('waiting-for-parts').getByText(waitingText).waitFor();

    // The office: the record beside the intake on the appointment's card, then the part arrives.
    const office = await signIn(await newContext(browser(), { width: 1280, height: 900 }), admin, '/admin-customer-management');
    await office.goto(`${urls.backoffice}/admin-tracking`);
    await office.getByRole('heading', { level: 1, name: 'Tracking Administration' }).waitFor();
    await office.getByRole('tab', { name: 'Appointments' }).click();
    await office.getByLabel('Appointments on').fill(appointment.appointmentDate);
    const officeCard = card(office, customerName);
    const facts = officeCard.getByRole('group', { name: 'Job record from the visit' });
    await facts.getByText('SHE3AR75UC').waitFor();
    await facts.getByText('FD 9911 00042').waitFor();
    await facts.getByText('Drain pump seized; water left in the tub after the cycle.').waitFor();
    await facts.getByText(/^Drain pump \(00620774\), expected /).waitFor();
    await facts.getByText('failure code E24; part 00620774 on invoice INV 55#102; bought May 17, 2024').waitFor();
    await officeCard.getByRole('button', { name: `Part arrived for ${customerName}` }).click();
    await officeCard.getByText(jobRecordMessages.partArrived).waitFor();
    const bookReturn = officeCard.getByRole('link', { name: 'Book the return visit on the dispatch board' });
    await bookReturn.waitFor();
    await expect.poll(() => facts.getByText(/^Drain pump \(00620774\), expected /).count(), { timeout: 15_000 }).toBe(0);
    // The customer hears it by email: the office will call to book the return visit.
    const partEmail = await waitForEmail(appointment.email, /^Your part has arrived$/);
    expect(partEmail.text).toContain(`We will call you at ${appointment.phone} to book the return visit`);

    // The return visit, from the same record: the board's caller form opens filled in from this visit, kept on the
    // day the customer picks; one window and Book.
    await bookReturn.click();
    await office.getByRole('heading', { level: 1, name: 'Dispatch Board' }).waitFor();
    const returnDay = bookableDates().at(-1)!;
    await office.getByLabel('Board for').fill(returnDay);
    const form = office.getByRole('region', { name: new RegExp(`^Book ${customerName}'s return visit on `) });
    await expect.poll(() => form.getByLabel('Name').inputValue()).toBe(customerName);
    expect(await form.getByLabel('Problem').inputValue()).toMatch(/^Return visit to fit the Drain pump \(part number 00620774\), which the visit of .+ waited for\.$/);
    // A window with a place left (a full one reads "full (2 of 2 booked)", a closed one "closed").
    await form.getByRole('radio', { name: / · \d+ of \d+ booked$/ }).first().check();
    await form.getByRole('button', { name: 'Book' }).click();
    await office.getByRole('status').filter({ hasText: new RegExp(`${customerName}, .+ Booked: confirmation `) }).waitFor();
    expect((await boardOf(token, returnDay)).appointments.find((one) => one.customerName === customerName)).toMatchObject({ email: appointment.email, address: appointment.address, appliance: appointment.appliance, description: expect.stringContaining('Drain pump') });

    // The customer's page no longer says it waits (read afresh, as on their next visit to it).
    await linked.reload();
    await linked.getByTestId('appointment-status').waitFor();
    await linked.getByText(`Appointment #${appointment.id}`).first().waitFor();
    expect(await linked.getByTestId('waiting-for-parts').count()).toBe(0);
    await guest.close();
    await customerContext.close();
  }, 180_000);

  it('keeps what the technician saved with no connection and sends it when the connection is back; a reload gives back what was not saved', async () => {
    const { token, technician, appointment, technicianPhone, jobs, jobErrors, record, openRecord, customerContext } = await technicianAtTheDoor('Quinn');
    await technicianPhone.setOffline(true);
    await record.getByLabel('Model number').fill('WRF555SDFZ');
    await record.getByLabel('Serial number').fill('K12345678');
    await record.getByLabel(/^Diagnosis/).fill('Defrost heater open; evaporator iced over.');
    await record.getByRole('button', { name: 'Save job record' }).click();
    await record.getByTestId('kept-save').getByText(/^No connection: the job record saved at .+ is kept on this phone and sent as soon as the connection is back\.$/).waitFor();
    expect((await recordOf(token, appointment.id)).record).toBeNull();

    await technicianPhone.setOffline(false);
    await record.getByText(new RegExp(`^Saved .* by ${technician.name}$`)).waitFor();
    await expect.poll(() => record.getByTestId('kept-save').count()).toBe(0);
    expect((await recordOf(token, appointment.id)).record).toMatchObject({ modelNumber: 'WRF555SDFZ', serialNumber: 'K12345678', diagnosis: 'Defrost heater open; evaporator iced over.' });

    // Typed, not saved, and the page reloaded: the phone gives it back, says so, and Save sends it.
    await record.getByLabel(/^Parts needed/).fill('Defrost heater W10140847');
    await jobs.reload();
    const again = await openRecord();
    await expect.poll(() => again.getByLabel(/^Parts needed/).inputValue()).toBe('Defrost heater W10140847');
    await again.getByTestId('kept-draft').getByText(/^Kept on this phone: changes typed at .+ that are not saved yet\. Save to send them\.$/).waitFor();
    await again.getByRole('button', { name: 'Save job record' }).click();
    await expect.poll(async () => (await recordOf(token, appointment.id)).record?.partsNeeded).toBe('Defrost heater W10140847');
    await expect.poll(() => again.getByTestId('kept-draft').count()).toBe(0);
    expect(await axeViolations(jobs)).toEqual([]);
    // The requests the phone tried while offline are the only console errors.
    expect(jobErrors.filter((line) => !line.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    await technicianPhone.close();
    await customerContext.close();
  }, 120_000);

  it('takes three 8 MB photos on a slow connection with progress, keeps them without the place they were taken, and shows them to the office and the customer only', async () => {
    const { token, technician, customerName, appointment, technicianPhone, jobs, jobErrors, record, customerContext } = await technicianAtTheDoor('Rowan');
    const files = await Promise.all(['plate', 'before', 'after'].map((name, index) => phonePhoto(name, index)));
    for (const file of files) expect(file.buffer.length).toBeGreaterThan(7_500_000);
    // A slow mobile upload (Chromium's network emulation): about 6 Mbit/s up.
    const network = await technicianPhone.newCDPSession(jobs);
    await network.send('Network.emulateNetworkConditions', { offline: false, latency: 80, downloadThroughput: 2_500_000, uploadThroughput: 750_000 });

    const photos = record.getByRole('region', { name: 'Photos', exact: true });
    await photos.getByLabel('What it shows').selectOption('rating-plate');
    await photos.getByLabel('Photo file').setInputFiles(files);
    await photos.getByRole('status').getByText(/^Uploading photo [1-3] of 3: \d+%$/).waitFor();
    const shown = photos.getByRole('list', { name: 'Photos of this visit' }).getByRole('img');
    await expect.poll(() => shown.count(), { timeout: 90_000 }).toBe(3);
    await network.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect(await shown.first().getAttribute('alt')).toBe(`Rating plate photo, taken by ${technician.name}`);
    expect(await axeViolations(jobs)).toEqual([]);
    await noScrollSideways(jobs, phone.width);
    expect(jobErrors).toEqual([]);

    // Kept at most 2048 px, with no EXIF (no place, no camera) and no other metadata.
    const listed = (await (await fetch(`${urls.backoffice}/api/appointments/${appointment.id}/photos`, { headers: { authorization: `Bearer ${token}` } })).json()) as { url: string; width: number; height: number }[];
    expect(listed.map((photo) => Math.max(photo.width, photo.height))).toEqual([2048, 2048, 2048]);
    const kept = await sharp(Buffer.from(await (await fetch(`${urls.backoffice}${listed[0]!.url}`)).arrayBuffer())).metadata();
    expect(kept).toMatchObject({ format: 'jpeg', width: 2048 });
    expect(kept.exif).toBeUndefined();

    // The office, on the appointment's card.
    const office = await signIn(await newContext(browser(), { width: 1280, height: 900 }), admin, '/admin-customer-management');
    await office.goto(`${urls.backoffice}/admin-tracking`);
    await office.getByRole('tab', { name: 'Appointments' }).click();
    await office.getByLabel('Appointments on').fill(appointment.appointmentDate);
    await card(office, customerName).getByRole('button', { name: `Show photos of ${customerName}'s appointment` }).click();
    await expect.poll(() => card(office, customerName).getByRole('list', { name: 'Photos of this visit' }).getByRole('img').count()).toBe(3);

    // The customer on their appointment page; another customer gets nothing.
    const { page: mine } = await open(customerContext, `${urls.portal}/appointments/${appointment.id}`);
    await expect.poll(() => mine.getByRole('list', { name: 'Photos from the visit' }).getByRole('img').count(), { timeout: 15_000 }).toBe(3);
    expect(await axeViolations(mine)).toEqual([]);
    const stranger = await signedInContext(browser(), newCustomer('Noor'), phone);
    expect((await stranger.request.get(`${urls.portal}/api/customer/appointments/${appointment.id}/photos`)).status()).toBe(404);
    await stranger.close();
    await technicianPhone.close();
    await customerContext.close();
  }, 180_000);
});
