export type TeamMember = {
  id: string;
  name: string;
  role: string;
  experience: string;
  specialty: string;
  videoUrl: string;
  /** WebVTT captions: what the person says in the video (its soundtrack has no speech of its own). */
  captionsUrl: string;
  thumbnail: string;
  quote: string;
  highlights: readonly string[];
};

/**
 * Team video testimonials, served from /videos/ (made by scripts/make-team-videos.sh) with their captions. A video that
 * cannot be loaded shows Video Unavailable in the modal.
 */
export const teamMembers: readonly TeamMember[] = [
  {
    id: 'marcus',
    name: 'Marcus Rivera',
    role: 'Senior Appliance Technician',
    experience: '12 years',
    specialty: 'Sub-Zero and Wolf',
    videoUrl: '/videos/team-marcus.webm',
    captionsUrl: '/videos/team-marcus.vtt',
    thumbnail: '/images/team/marcus.svg',
    quote: 'Every day is a different puzzle, and the training here keeps me ahead of every new model.',
    highlights: ['Factory certified on Sub-Zero', 'Mentors two apprentices', 'Customer favourite'],
  },
  {
    id: 'jenna',
    name: 'Jenna Brooks',
    role: 'Customer Service Lead',
    experience: '6 years',
    specialty: 'Scheduling and dispatch',
    videoUrl: '/videos/team-jenna.webm',
    captionsUrl: '/videos/team-jenna.vtt',
    thumbnail: '/images/team/jenna.svg',
    quote: 'I love being the person who tells a worried customer that help is on the way today.',
    highlights: ['Runs same-day dispatch', 'Trains new office staff', 'Knows every regular by name'],
  },
  {
    id: 'derek',
    name: 'Derek Owens',
    role: 'Appliance Technician',
    experience: '3 years',
    specialty: 'Laundry and dishwashers',
    videoUrl: '/videos/team-derek.webm',
    captionsUrl: '/videos/team-derek.vtt',
    thumbnail: '/images/team/derek.svg',
    quote: 'I started as an apprentice with no experience. Now I run my own route with my own van.',
    highlights: ['Apprentice to technician in two years', 'EPA 608 certified', 'Laundry specialist'],
  },
];
