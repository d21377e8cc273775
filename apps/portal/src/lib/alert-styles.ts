/**
 * A light Alert draws its title in its colour's middle shade, which is too faint on its own tint (axe: colour contrast;
 * even green's darkest shade stays under 4.5:1 there). The title is drawn near-black, as the back office does; the
 * tint and the text say which kind of message it is.
 */
export const readableTitle = { title: { color: 'var(--mantine-color-dark-9)' } } as const;
