/** An FAQ item's key: its category's and its own position. */
export const faqKey = (categoryIndex: number, questionIndex: number) => `${categoryIndex}-${questionIndex}`;

/** Opens the item if closed, closes it if open; every other item keeps its state. */
export function toggleOpen(open: ReadonlySet<string>, key: string): ReadonlySet<string> {
  const next = new Set(open);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}
