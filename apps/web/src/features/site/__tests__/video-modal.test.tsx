import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VideoModal } from '../components/video-modal.tsx';
import { teamMembers } from '../content/team.ts';

// jsdom has no media playback and may lack the modal dialog's showModal: stand-ins for this file, put back after.
let addedShowModal = false;
beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue();
  if (!HTMLDialogElement.prototype.showModal) {
    addedShowModal = true;
    HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
  }
});
afterEach(() => {
  vi.restoreAllMocks();
  if (addedShowModal) delete (HTMLDialogElement.prototype as Partial<HTMLDialogElement>).showModal;
  addedShowModal = false;
});

/** The site's public folder, served at the site's root. */
const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../public');

/** A WebVTT file's cue text, the cues joined by spaces. */
function cueText(vtt: string): string {
  return vtt
    .split(/\n\n+/)
    .slice(1)
    .map((cue) => cue.split('\n').slice(1).join(' ').trim())
    .join(' ');
}

describe('team video modal', () => {
  it.each(teamMembers.map((member) => [member.name, member] as const))("shows %s's English captions by default", (_name, member) => {
    render(<VideoModal member={member} onClose={() => {}} />);
    const video = screen.getByRole('dialog', { name: `${member.name} · ${member.role}` }).querySelector('video')!;
    expect(video.getAttribute('src')).toBe(member.videoUrl);
    const tracks = [...video.querySelectorAll('track')].map((track) => ({
      kind: track.kind,
      src: track.getAttribute('src'),
      srclang: track.srclang,
      label: track.label,
      default: track.default,
    }));
    expect(tracks).toEqual([{ kind: 'captions', src: member.captionsUrl, srclang: 'en', label: 'English', default: true }]);
  });

  it.each(teamMembers.map((member) => [member.name, member] as const))("has captions that say %s's words from the careers page", async (_name, member) => {
    const vtt = await readFile(path.join(publicDir, member.captionsUrl), 'utf8');
    expect(vtt.startsWith('WEBVTT\n')).toBe(true);
    expect(cueText(vtt)).toBe(member.quote);
  });
});
