/** The business's external review page. */
export const reviewUrl = 'https://www.google.com/search?q=St+Augustine+Appliance+Repair+reviews';
