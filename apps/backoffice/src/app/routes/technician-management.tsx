/** /technician-management (placeholder until the screen lands) */
export function Component() {
  return null;
}
