export type JobOpening = {
  title: string;
  type: string;
  location: string;
  salary: string;
  urgent: boolean;
  team: string;
  description: string;
  requirements: readonly string[];
  benefits: readonly string[];
};

/** The open positions, as listed on the careers page. */
export const jobOpenings: readonly JobOpening[] = [
  {
    title: 'Senior Appliance Technician',
    type: 'Full-time',
    location: 'St. Augustine, FL',
    salary: '$55,000-$75,000',
    urgent: true,
    team: 'Service Team',
    description:
      'Lead diagnostics and repairs on premium and everyday appliances across northeast Florida, and mentor our apprentices in the field.',
    requirements: [
      '5+ years of appliance repair experience',
      'Sealed-system and EPA 608 certification',
      'Experience with Sub-Zero, Wolf, Viking or Thermador preferred',
      'Valid driver license and a clean driving record',
    ],
    benefits: ['Company van, tools and fuel card', 'Health, dental and vision insurance', 'Paid factory training', 'Performance bonuses'],
  },
  {
    title: 'Appliance Repair Apprentice',
    type: 'Full-time',
    location: 'St. Augustine, FL',
    salary: '$35,000-$45,000',
    urgent: false,
    team: 'Service Team',
    description:
      'Learn the trade alongside senior technicians, from basic maintenance to full diagnostics, with a clear path to a technician role.',
    requirements: [
      'Mechanical aptitude and a willingness to learn',
      'Able to lift 50 lbs',
      'Friendly with customers and comfortable in their homes',
      'Valid driver license',
    ],
    benefits: ['Paid on-the-job training', 'Health insurance after 90 days', 'Tool allowance', 'Raises as you earn certifications'],
  },
  {
    title: 'Customer Service Representative',
    type: 'Full-time',
    location: 'St. Augustine, FL',
    salary: '$32,000-$40,000',
    urgent: false,
    team: 'Office',
    description:
      'Be the first voice our customers hear: schedule appointments, dispatch technicians and follow up so every job ends with a happy customer.',
    requirements: [
      'Customer service or dispatch experience',
      'Clear, friendly phone manner',
      'Comfortable with scheduling software',
      'Organised and calm under pressure',
    ],
    benefits: ['Health, dental and vision insurance', 'Paid time off', 'Weekday daytime schedule', 'Team bonuses'],
  },
];

/** What the structured data advertises for technician roles. */
export const jobPostingSalary = { min: 45_000, max: 65_000, currency: 'USD', unit: 'YEAR' } as const;
/** When the standing technician opening was first posted; it stays open, so this date stays (see rollingValidThrough). */
export const jobPostingDate = '2024-06-01';

export const benefits: readonly { title: string; text: string }[] = [
  { title: 'Competitive Pay', text: 'Top wages for the area plus performance bonuses for great work.' },
  { title: 'Health Coverage', text: 'Health, dental and vision insurance for you and your family.' },
  { title: 'Paid Training', text: 'Factory training on premium brands and paid certifications.' },
  { title: 'Company Vehicle', text: 'A stocked service van, tools and a fuel card for technicians.' },
  { title: 'Career Growth', text: 'A clear path from apprentice to senior technician and lead.' },
  { title: 'Family Business', text: `A local team that has looked after its people since 1984.` },
];

export const cultureValues: readonly { title: string; text: string }[] = [
  { title: 'Honesty First', text: 'We quote up front and only fix what is broken.' },
  { title: 'Craftsmanship', text: 'We do the job right the first time and stand behind it.' },
  { title: 'Respect', text: 'For customers, their homes and each other.' },
  { title: 'Always Learning', text: 'New appliances, new skills: we train all year.' },
];

export const applicationSteps: readonly { title: string; text: string }[] = [
  { title: 'Submit Your Resume', text: 'Email your resume with the position you are applying for.' },
  { title: 'Interview', text: 'Meet the team, talk through your experience and ride along for a morning.' },
  { title: 'Start Working', text: 'Paid onboarding and training, then your first jobs with a mentor.' },
];
