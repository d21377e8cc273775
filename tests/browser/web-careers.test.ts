import { describe, expect, it } from 'vitest';
import { businessContact } from '@repo/contracts';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser.ts';
import { collectDialogs, expectSectionBelowHeader, openedUrls, openPage, stubWindowOpen, viewports } from './web-support.ts';

const useChromium = useBrowser();

function mail(href: string) {
  const url = new URL(href);
  return { to: url.pathname, subject: url.searchParams.get('subject'), body: url.searchParams.get('body') ?? '' };
}

const videoState = (page: Page) =>
  page.evaluate(() => {
    const video = document.querySelector('dialog video') as HTMLVideoElement | null;
    return video ? { paused: video.paused, muted: video.muted, currentTime: video.currentTime, duration: video.duration } : null;
  });

describe('careers page', () => {
  it('lists the three openings with their details and scrolls to them', async () => {
    const { page, context, errors } = await openPage(useChromium(), '/careers');
    expect(await page.getByText('Now Hiring').isVisible()).toBe(true);
    const jobs = page.locator('#jobs li.job-card');
    expect(await jobs.count()).toBe(3);
    const senior = jobs.filter({ hasText: 'Senior Appliance Technician' });
    for (const text of ['$55,000-$75,000', 'Service Team', 'Urgent', 'St. Augustine, FL', 'Full-time', '5+ years']) {
      expect(await senior.getByText(text).first().isVisible(), text).toBe(true);
    }
    expect(await jobs.filter({ hasText: 'Urgent' }).count()).toBe(1);
    const apprentice = jobs.filter({ hasText: 'Appliance Repair Apprentice' });
    for (const text of ['$35,000-$45,000', 'Health insurance after 90 days', 'Able to lift 50 lbs']) expect(await apprentice.getByText(text).isVisible()).toBe(true);
    const office = jobs.filter({ hasText: 'Customer Service Representative' });
    for (const text of ['$32,000-$40,000', 'Office']) expect(await office.getByText(text, { exact: true }).isVisible()).toBe(true);
    expect(await page.locator('ol.steps > li').count()).toBe(3);
    expect(await page.locator('.team-card').count()).toBe(3);

    const viewPositions = page.getByRole('link', { name: 'View Open Positions' });
    expect(await viewPositions.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(['/careers#jobs', '/careers#jobs']);
    await viewPositions.first().click();
    await expectSectionBelowHeader(page, 'jobs');
    expect(new URL(page.url()).hash).toBe('#jobs');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has Apply Now and Send Resume mail links with a prefilled subject and body', async () => {
    const { page, context } = await openPage(useChromium(), '/careers', viewports.mobile);
    const apply = page.locator('#jobs li.job-card').filter({ hasText: 'Appliance Repair Apprentice' }).getByRole('link', { name: 'Apply Now' });
    const applyMail = mail((await apply.getAttribute('href')) ?? '');
    expect(applyMail.to).toBe(businessContact.careersEmail);
    expect(applyMail.subject).toBe('Application for Appliance Repair Apprentice Position');
    expect(applyMail.body).toContain('Appliance Repair Apprentice');
    const resume = mail((await page.getByRole('link', { name: 'Send Resume' }).getAttribute('href')) ?? '');
    expect(resume.to).toBe(businessContact.careersEmail);
    expect(resume.subject).toBe('Resume Submission');
    expect(resume.body.length).toBeGreaterThan(10);
    await context.close();
  });

  it('opens the mail client from Apply Now', async () => {
    const { page, context } = await openPage(useChromium(), '/careers', viewports.desktop, { initScript: stubWindowOpen('window') });
    const apply = page.locator('#jobs li.job-card').first().getByRole('link', { name: 'Apply Now' });
    await apply.click();
    expect(await openedUrls(page)).toEqual([[await apply.getAttribute('href'), '_self']]);
    expect(new URL(page.url()).pathname).toBe('/careers');
    await context.close();
  });

  it('when the mail link cannot open, copies the address and asks for a resume with the subject', async () => {
    const { page, context } = await openPage(useChromium(), '/careers', viewports.desktop, { initScript: stubWindowOpen('throw') });
    const dialogs = collectDialogs(page);
    await page.locator('#jobs li.job-card').first().getByRole('link', { name: 'Apply Now' }).click();
    await expect
      .poll(() => dialogs)
      .toEqual([
        `Email address ${businessContact.careersEmail} copied to clipboard. Please send your resume with the subject "Application for Senior Appliance Technician Position".`,
      ]);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(businessContact.careersEmail);
    await page.getByRole('link', { name: 'Send Resume' }).click();
    await expect.poll(() => dialogs.length).toBe(2);
    expect(dialogs[1]).toContain('"Resume Submission"');
    await context.close();
  });

  it('when copying fails too, the alert gives the address and the subject', async () => {
    const { page, context } = await openPage(useChromium(), '/careers', viewports.desktop, { initScript: stubWindowOpen('throw') });
    await context.clearPermissions();
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
    });
    const dialogs = collectDialogs(page);
    await page.locator('#jobs li.job-card').nth(2).getByRole('link', { name: 'Apply Now' }).click();
    await expect
      .poll(() => dialogs)
      .toEqual([`Please send your resume to ${businessContact.careersEmail} with the subject "Application for Customer Service Representative Position".`]);
    await context.close();
  });
});

describe('video modal', () => {
  it('plays a team video from the start with a spinner, and every control works', async () => {
    const { page, context, errors } = await openPage(useChromium(), '/careers');
    // Hold the video back until the loading spinner has been seen.
    let release = () => {};
    const spinnerSeen = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/videos/team-marcus.webm', async (route) => {
      await spinnerSeen;
      await route.continue();
    });
    const opener = page.getByRole('button', { name: /^Play video: Marcus Rivera/ });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: /Marcus Rivera/ });
    await dialog.waitFor();
    await dialog.getByRole('status').getByText('Loading video').waitFor();
    release();
    await expect.poll(() => dialog.getByRole('status').count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(async () => (await videoState(page))?.currentTime ?? 0).toBeGreaterThan(0);
    expect((await videoState(page))?.paused).toBe(false);
    expect((await videoState(page))?.currentTime).toBeLessThan(3);

    await dialog.getByRole('button', { name: 'Pause' }).click();
    expect((await videoState(page))?.paused).toBe(true);
    await dialog.getByRole('button', { name: 'Play' }).click();
    await expect.poll(async () => (await videoState(page))?.paused).toBe(false);

    await dialog.getByRole('button', { name: 'Mute' }).click();
    expect((await videoState(page))?.muted).toBe(true);
    await dialog.getByRole('button', { name: 'Unmute' }).click();
    expect((await videoState(page))?.muted).toBe(false);

    const bar = dialog.getByRole('slider', { name: 'Video progress' });
    const box = await bar.boundingBox();
    if (!box) throw new Error('the progress bar is not on screen');
    await page.mouse.click(box.x + box.width * 0.75, box.y + box.height / 2);
    const afterSeek = await videoState(page);
    expect((afterSeek?.currentTime ?? 0) / (afterSeek?.duration ?? 1)).toBeCloseTo(0.75, 1);
    await dialog.getByRole('button', { name: 'Pause' }).click();
    await page.mouse.click(box.x + box.width * 0.25, box.y + box.height / 2);
    const early = await videoState(page);
    expect((early?.currentTime ?? 0) / (early?.duration ?? 1)).toBeCloseTo(0.25, 1);

    await dialog.getByRole('button', { name: 'Full screen' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement?.className)).toBe('video-frame');
    await dialog.getByRole('button', { name: 'Exit full screen' }).click();
    await expect.poll(() => page.evaluate(() => document.fullscreenElement)).toBeNull();

    await dialog.getByRole('button', { name: 'Close video' }).click();
    expect(await dialog.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^Play video: Marcus Rivera/);

    // Opening again starts from the beginning.
    await opener.click();
    await expect.poll(async () => (await videoState(page))?.currentTime ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
    expect((await videoState(page))?.currentTime).toBeLessThan(2);
    await page.keyboard.press('Escape');
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('hides the controls 3 s after the last pointer movement while playing', async () => {
    const { page, context } = await openPage(useChromium(), '/careers');
    await page.getByRole('button', { name: /^Play video: Marcus Rivera/ }).click();
    const controls = page.locator('dialog .video-controls');
    await expect.poll(async () => (await videoState(page))?.currentTime ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
    const frame = await page.locator('dialog .video-frame').boundingBox();
    if (!frame) throw new Error('the video is not on screen');
    await page.mouse.move(frame.x + 40, frame.y + 40);
    const moved = Date.now();
    expect(await controls.getAttribute('data-hidden')).toBe('false');
    await expect.poll(() => controls.getAttribute('data-hidden'), { timeout: 4500 }).toBe('true');
    expect(Date.now() - moved).toBeGreaterThanOrEqual(2000);
    await page.mouse.move(frame.x + 80, frame.y + 60);
    expect(await controls.getAttribute('data-hidden')).toBe('false');
    await context.close();
  });

  it.each([
    ['Marcus Rivera', 'Every day is a different puzzle,'],
    ['Jenna Brooks', 'I love being the person who tells a worried customer'],
    ['Derek Owens', 'I started as an apprentice with no experience.'],
  ])("plays %s's video with English captions showing", async (name, firstCue) => {
    const { page, context, errors } = await openPage(useChromium(), '/careers');
    await page.getByRole('button', { name: new RegExp(`^Play video: ${name}`) }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(name) });
    await dialog.waitFor();
    // It loads and plays: data for the current frame at least, a real length, and time passing.
    await expect.poll(async () => (await videoState(page))?.currentTime ?? 0, { timeout: 10_000 }).toBeGreaterThan(0);
    const media = await page.evaluate(() => {
      const video = document.querySelector('dialog video') as HTMLVideoElement;
      return { readyState: video.readyState, duration: video.duration, width: video.videoWidth, error: video.error };
    });
    expect(media.readyState).toBeGreaterThanOrEqual(2);
    expect(media.duration).toBeGreaterThan(5);
    expect(media.width).toBeGreaterThan(0);
    expect(media.error).toBeNull();
    expect(await dialog.getByRole('heading', { name: 'Video Unavailable' }).count()).toBe(0);
    // The captions track is on, and its first cue is the first words of the person's quote.
    const captions = () =>
      page.evaluate(() => {
        const track = document.querySelector('dialog video track') as HTMLTrackElement;
        return { kind: track.kind, label: track.label, language: track.srclang, mode: track.track.mode, readyState: track.readyState, firstCue: (track.track.cues?.[0] as VTTCue | undefined)?.text };
      });
    await expect.poll(async () => (await captions()).readyState, { timeout: 10_000 }).toBe(2);
    expect(await captions()).toEqual({ kind: 'captions', label: 'English', language: 'en', mode: 'showing', readyState: 2, firstCue });
    await page.keyboard.press('Escape');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows Video Unavailable for a video that cannot be loaded', async () => {
    const { page, context } = await openPage(useChromium(), '/careers', viewports.mobile);
    // As the server answers a video that is not there.
    await page.route('**/videos/team-jenna.webm', (route) => route.fulfill({ status: 404, contentType: 'text/html', body: 'Not Found' }));
    await page.getByRole('button', { name: /^Play video: Jenna Brooks/ }).click();
    const dialog = page.getByRole('dialog', { name: /Jenna Brooks/ });
    await dialog.getByRole('heading', { name: 'Video Unavailable' }).waitFor({ timeout: 10_000 });
    expect(await dialog.getByText('This video testimonial is currently being prepared for upload.').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Close video' }).click();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });
});
