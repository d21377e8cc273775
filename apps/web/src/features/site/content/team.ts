export type TeamMember = {
  id: string;
  name: string;
  role: string;
  experience: string;
  specialty: string;
  videoUrl: string;
  thumbnail: string;
  quote: string;
  highlights: readonly string[];
};

/** Team video testimonials. Each video is served from /videos/; ones not uploaded yet show Video Unavailable. */
export const teamMembers: readonly TeamMember[] = [
  {
    id: 'marcus',
    name: 'Marcus Rivera',
    role: 'Senior Appliance Technician',
    experience: '12 years',
    specialty: 'Sub-Zero and Wolf',
    videoUrl: '/videos/team-marcus.webm',
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
    thumbnail: '/images/team/derek.svg',
    quote: 'I started as an apprentice with no experience. Now I run my own route with my own van.',
    highlights: ['Apprentice to technician in two years', 'EPA 608 certified', 'Laundry specialist'],
  },
];
