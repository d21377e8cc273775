export const paths = {
  home: '/',
  bookAppointment: '/book-appointment',
} as const;
