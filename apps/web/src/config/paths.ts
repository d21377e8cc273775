export const paths = {
  home: '/',
  careers: '/careers',
  bookAppointment: '/book-appointment',
  payment: '/payment',
  paymentSuccess: '/payment-success',
  subZeroRepair: '/sub-zero-repair',
  wolfRepair: '/wolf-repair',
  fontExamples: '/font-examples',
} as const;
