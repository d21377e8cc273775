/** What the portal says when the API cannot be reached (or answers nothing it understands). */
export const unreachableMessage = 'An error occurred. Please check your connection and try again.';

/** An emailed link's token, from the address's fragment (`#token=…`), which browsers never send to a server. */
export const linkTokenOf = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
