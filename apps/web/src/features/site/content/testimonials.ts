export type Testimonial = { name: string; location: string; rating: 1 | 2 | 3 | 4 | 5; text: string };

export const testimonials: readonly Testimonial[] = [
  {
    name: 'Linda M.',
    location: 'St Augustine Beach',
    rating: 5,
    text: 'Our Sub-Zero stopped cooling on a Saturday morning. The technician was here by noon, had the part on the truck and the fridge was cold again before dinner. Honest, tidy and fairly priced.',
  },
  {
    name: 'Robert K.',
    location: 'Ponte Vedra Beach',
    rating: 5,
    text: 'They explained exactly what was wrong with our Wolf range and what it would cost before starting. Two years later it still works perfectly. These are the only people we call.',
  },
  {
    name: 'Tasha W.',
    location: 'Palm Coast',
    rating: 5,
    text: 'Booked online, got a confirmation call the same afternoon and the washer was fixed the next morning. Friendly technician who even showed me how to clean the drain filter.',
  },
];
